/** Readable forms of audit log values, shared by the dashboard's Recent Activity and the Audit Log. */

/** "password_change" → "Password change", "otherSessionsRevoked" → "Other sessions revoked". */
export function humanise(value: string): string {
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  // An initialism stays in capitals: "nhs_charge" is "NHS charge" (decision 056), "api_key" "API key".
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/\b(nhs|api)\b/gi, (word) =>
    word.toUpperCase(),
  );
}

const VALUE_LIMIT = 60;

function shorten(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return shorten(value, VALUE_LIMIT);
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) return shorten(value.map(describeValue).join(", ") || "none", VALUE_LIMIT);
  return shorten(JSON.stringify(value), VALUE_LIMIT);
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|Chromium|CriOS|HeadlessChrome)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b/, "Linux"],
];

/** "Mozilla/5.0 (X11; Linux x86_64) … Chrome/131.0 Safari/537.36" → "Chrome on Linux"; unknown ones shortened. */
export function describeUserAgent(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? shorten(userAgent, VALUE_LIMIT);
}

/**
 * One line for an entry's `changes`: "User agent: Mozilla/5.0 …; Other sessions revoked: 1",
 * cut at `limit` characters. Empty when there is nothing to say.
 */
export function summariseChanges(changes: Record<string, unknown> | null, limit = 140): string {
  if (!changes) return "";
  const text = Object.entries(changes)
    .map(([key, value]) => {
      const text =
        key === "userAgent" && typeof value === "string" ? describeUserAgent(value) : describeValue(value);
      return `${humanise(key)}: ${text}`;
    })
    .join("; ");
  return shorten(text, limit);
}
