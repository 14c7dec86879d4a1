// Its own module, without the markdown parser: pages that only show a post's card import it (page budget).
/**
 * An image address the site may show: a path on the site itself, nothing else. The CSP allows
 * `img-src 'self' data:`, so any other host would be blocked and leave a broken image. `//host` and
 * `/\host` are protocol-relative (browsers read a backslash as a slash), so they are refused too.
 */
export function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  return /^\/(?![/\\])/.test(trimmed) ? trimmed : null;
}
