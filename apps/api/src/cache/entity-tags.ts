/*
 * Shared by the HTTP cache plugin (plugins/http-cache.ts) and the response cache that answers
 * before Fastify (register-response-cache.ts); here so neither has to import the other.
 */

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored. */
export function entityTagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === tag;
  });
}
