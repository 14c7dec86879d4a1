/**
 * One path segment of an API path, percent-encoded: every path helper in the contract builds its
 * variable segments with this.
 *
 * A segment that is exactly "." or ".." is a dot-segment: URL parsing removes it and moves the
 * request to another route. Encoding the dots does not help, since WHATWG URL (fetch, `new URL`)
 * reads "%2E" as "." too, so such a segment gets a trailing space instead. No id is dots and a
 * space (the lookup answers 404), and search trims its term, so searching ".." still finds "..".
 */
export function pathSegment(value: string): string {
  const encoded = encodeURIComponent(value);
  return value === "." || value === ".." ? `${encoded}%20` : encoded;
}
