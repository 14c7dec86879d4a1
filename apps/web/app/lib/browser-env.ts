/**
 * How browser-only code (the admin's client loaders) learns the API address. The root loader's
 * `env.apiUrl` reaches components through `useRouteLoaderData`, but a client loader runs before any
 * component and cannot read another route's data, so the root also renders it as a meta tag.
 */
export const API_URL_META_NAME = "pharmacompare-api-url";

export function readBrowserApiUrl(doc: Pick<Document, "querySelector"> = document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${API_URL_META_NAME}"]`)?.content;
  if (!content)
    throw new Error(`The page has no <meta name="${API_URL_META_NAME}">: the API address is unknown.`);
  return content;
}
