import { expect, test } from "@playwright/test";

/**
 * The public pages, asked for with hostile path segments and query values (control characters,
 * invalid UTF-8, NUL, over-long values, markup): a page or a 4xx, never a server error.
 */
const NASTY = [
  "%00",
  "%C3%28",
  "%FF",
  "%E2%80%AE",
  "%0D%0ASet-Cookie:%20x=1",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "..%2F..%2Fetc%2Fpasswd",
  "%25",
  "a".repeat(4000),
  "%F0%9F%92%8A".repeat(200),
];

const WITH_SEGMENT = ["/condition/", "/pharmacies/", "/blog/"];
const WITH_QUERY = [
  "/search?q=",
  "/condition/erectile-dysfunction?medication=",
  "/blog?page=",
  "/confirm?token=",
  "/unsubscribe?token=",
  "/subscribe?medication=",
  "/?q=",
];

test("hostile path segments and query values never make the web server fail", async ({ request }) => {
  const failures: string[] = [];
  for (const value of NASTY) {
    for (const url of [
      ...WITH_SEGMENT.map((base) => base + value),
      ...WITH_QUERY.map((base) => base + value),
    ]) {
      const response = await request.get(url, { maxRedirects: 0, failOnStatusCode: false });
      if (response.status() >= 500) failures.push(`${response.status()} ${url.slice(0, 120)}`);
    }
  }
  expect(failures).toEqual([]);
});
