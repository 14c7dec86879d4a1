/**
 * Long copy (legal pages, About) is data, not JSX: typed blocks a shared renderer turns into
 * consistent markup. A link whose `href` starts with "/" stays inside the site.
 */
export type InlinePart = string | { text: string; href: string } | { strong: string };

/** A run of text: a plain string, or parts mixing text, links and emphasis. */
export type RichText = string | readonly InlinePart[];

export type ProseBlock =
  | { kind: "paragraph"; text: RichText }
  | { kind: "list"; items: readonly RichText[] }
  | { kind: "definitions"; items: readonly { term: string; text: RichText }[] }
  | { kind: "notice"; tone: NoticeTone; title: string; text: RichText }
  /** Where the page puts something interactive of its own (e.g. the cookie settings button). */
  | { kind: "slot"; name: string };

export type NoticeTone = "important" | "emergency" | "info";

export interface ProseSection {
  id: string;
  title: string;
  blocks: readonly ProseBlock[];
}

export const p = (text: RichText): ProseBlock => ({ kind: "paragraph", text });
export const list = (...items: RichText[]): ProseBlock => ({ kind: "list", items });
export const link = (text: string, href: string): InlinePart => ({ text, href });
export const strong = (text: string): InlinePart => ({ strong: text });

/** Plain text of a run, for meta descriptions and tests. */
export function plainText(text: RichText): string {
  if (typeof text === "string") return text;
  return text
    .map((part) => (typeof part === "string" ? part : "strong" in part ? part.strong : part.text))
    .join("");
}
