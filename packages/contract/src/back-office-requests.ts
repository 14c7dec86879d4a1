/**
 * How the API tells a write made by the back-office page from one a foreign page made the browser
 * send with the session cookie (decision 028, ASVS 4.2.2 / 13.2.3). The web sends this header
 * with every credentialed write; a cross-site form cannot set a header, and a cross-origin script
 * that sets one needs a CORS preflight, which only the allow-listed origins pass.
 */
export const BACK_OFFICE_REQUEST_HEADER = "X-PharmaCompare-Request";
export const BACK_OFFICE_REQUEST_VALUE = "1";

/** The 403 (code `csrf`) for a cookie-authenticated write that lacks either proof. */
export const CSRF_REFUSAL_MESSAGE =
  "This request did not come from the PharmaCompare back-office. Reload the page and try again.";

/** Methods that change nothing, so a cookie alone may carry them (no CSRF proof asked). */
export function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}
