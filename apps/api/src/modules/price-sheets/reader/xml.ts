/**
 * Just enough XML for the parts of a workbook the price sheet reads (decision 029): elements are
 * found by name with regular expressions over the part's text, attributes read from their opening
 * tags, and the five entities and character references decoded. No DTD is read, so no entity can
 * expand (a DOCTYPE makes the part unreadable).
 */

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

/** An opening tag's attributes by local name (`r:id` → `id`), decoded. */
export function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const name = match[1] ?? "";
    const local = name.includes(":") && !name.startsWith("xmlns") ? name.slice(name.indexOf(":") + 1) : name;
    found.set(local, decodeXml(match[2] ?? match[3] ?? ""));
  }
  return found;
}

const NAME_ENDS = new Set([" ", "\t", "\n", "\r", ">", "/"]);

/**
 * Every `<name …>…</name>` or `<name …/>` in order, found with indexOf so the time is linear in the
 * part's length whatever it holds (a regular expression over an unclosed tag could backtrack).
 * Elements of one name must not nest (true of the parts read here); reading stops at an unclosed one.
 */
export function* elements(xml: string, name: string): Generator<{ tag: string; inner: string }> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let at = xml.indexOf(open);
  while (at >= 0) {
    if (!NAME_ENDS.has(xml.charAt(at + open.length))) {
      at = xml.indexOf(open, at + open.length);
      continue;
    }
    const tagEnd = xml.indexOf(">", at);
    if (tagEnd < 0) return;
    const tag = xml.slice(at, tagEnd + 1);
    if (tag.endsWith("/>")) {
      yield { tag, inner: "" };
      at = xml.indexOf(open, tagEnd);
      continue;
    }
    const closeAt = xml.indexOf(close, tagEnd);
    if (closeAt < 0) return;
    yield { tag, inner: xml.slice(tagEnd + 1, closeAt) };
    at = xml.indexOf(open, closeAt + close.length);
  }
}

/** The text of every `<t>` inside an element (a shared or inline string, plain or rich). */
export function textRuns(inner: string): string {
  let text = "";
  for (const run of elements(inner, "t")) text += run.inner;
  return decodeXml(text);
}

export const hasDoctype = (xml: string) => /<!DOCTYPE/i.test(xml);
