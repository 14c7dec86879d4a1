import { createHash } from "node:crypto";

/**
 * The CSP hash sources (`'sha256-…'`) of a rendered page's own inline scripts (decision 046): the
 * scripts that carry `nonce="<marker>"`, where the marker is random for this one render, so no
 * content stored before the render (or sent with its request) can carry it. Other scripts get no
 * hash and do not run, as under a nonce. Null when the page cannot be hashed plainly — a marked
 * script that loads a file (a hash cannot admit it), has no end, or holds "<!--" (the HTML parser's
 * escaped states could end it elsewhere than here) — and then the page is not stored.
 */
export function markedScriptHashes(html: string, marker: string): string[] | null {
  const hashes = new Set<string>();
  const openings = /<script\b[^>]*>/gi;
  const closing = /<\/script/gi;
  for (let match = openings.exec(html); match; match = openings.exec(html)) {
    const tag = match[0];
    if (!tag.includes(` nonce="${marker}"`)) continue;
    if (/\ssrc\s*=/i.test(tag)) return null;
    const start = match.index + tag.length;
    closing.lastIndex = start;
    const end = closing.exec(html)?.index;
    if (end === undefined) return null;
    const text = html.slice(start, end);
    if (text.includes("<!--")) return null;
    // Browsers hash the script's text after the parser's newline normalisation, as UTF-8.
    const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
    hashes.add(`'sha256-${digest}'`);
    openings.lastIndex = end;
  }
  return [...hashes];
}
