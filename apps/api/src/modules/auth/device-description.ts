/**
 * A short, readable name for the browser and system in a User-Agent header ("Firefox on Windows"),
 * so an administrator can tell their sessions apart. Deliberately coarse: it names families, not
 * versions, and says "Unknown browser" rather than guessing.
 */

// Order matters: Edge and Opera say "Chrome" too, and Chrome says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/HeadlessChrome\//, "Headless Chrome"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\//i, "curl"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

function firstMatch(userAgent: string, table: [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = firstMatch(userAgent, BROWSERS) ?? "Unknown browser";
  const system = firstMatch(userAgent, SYSTEMS);
  return system ? `${browser} on ${system}` : browser;
}
