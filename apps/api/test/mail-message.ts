/**
 * Reads a raw RFC 5322 message as our outbox sends it (nodemailer: headers, then a
 * multipart/alternative of text and HTML in quoted-printable or base64). mailparser does not
 * install here, so the tests read what they need themselves.
 */
export interface ParsedMail {
  /** Header values by lower-case name, folded lines joined, encoded words decoded. */
  headers: Map<string, string>;
  header(name: string): string | undefined;
  subject: string;
  text: string;
  html: string;
}

function splitHeadersAndBody(raw: string): [string, string] {
  const normalised = raw.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  return end === -1 ? [normalised, ""] : [normalised.slice(0, end), normalised.slice(end + 2)];
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\n[ \t]+/g, " ");
  for (const line of unfolded.split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** RFC 2047 encoded words: =?UTF-8?Q?…?= and =?UTF-8?B?…?= (adjacent words join without space). */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\n/g, "");
  for (let i = 0; i < soft.length; i += 1) {
    const char = soft[i] as string;
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** The parts of a message by content type (text/plain, text/html), decoded. */
function parts(headers: Map<string, string>, body: string, into: Map<string, string>): void {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const [partHeaders, partBody] = splitHeadersAndBody(section.replace(/^\n/, ""));
      parts(parseHeaders(partHeaders), partBody.replace(/\n$/, ""), into);
    }
    return;
  }
  const mime = type.split(";")[0]?.trim().toLowerCase() ?? "text/plain";
  into.set(mime, decodeBody(body, headers.get("content-transfer-encoding")));
}

export function parseMail(raw: string): ParsedMail {
  const [headerBlock, body] = splitHeadersAndBody(raw);
  const headers = parseHeaders(headerBlock);
  const found = new Map<string, string>();
  parts(headers, body, found);
  return {
    headers,
    header: (name) => headers.get(name.toLowerCase()),
    subject: headers.get("subject") ?? "",
    text: found.get("text/plain") ?? "",
    html: found.get("text/html") ?? "",
  };
}

/** The token in a link of the message (`…?token=…`) that starts with `prefix`. */
export function linkToken(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${prefix}?token= link in the message`);
  return match[1];
}
