import { defaultUrlTransform } from "react-markdown";

/**
 * A markdown link or image address, made safe: only http, https, irc, ircs, mailto and xmpp
 * survive, as do relative addresses and #anchors (public site §2). Anything else becomes "", which
 * the renderer turns into plain text. react-markdown's default transform applies exactly this list.
 */
export function safeMarkdownUrl(url: string): string {
  return defaultUrlTransform(url.trim());
}

/** A link that leaves the site: it opens without handing the article's window or address over. */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url);
}
