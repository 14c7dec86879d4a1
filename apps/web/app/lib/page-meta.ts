/**
 * The meta tags of a plain content page: "{Page} | PharmaCompare", its description, and the
 * canonical address (with Open Graph) built from SITE_URL, which the root loader passes along.
 */
export function pageMeta(options: {
  page: string;
  description: string;
  path: string;
  siteUrl: string | undefined;
}) {
  const title = `${options.page} | PharmaCompare`;
  const url = options.siteUrl ? `${options.siteUrl}${options.path}` : undefined;
  return [
    { title },
    { name: "description", content: options.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "PharmaCompare" },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    ...(url
      ? [
          { tagName: "link", rel: "canonical", href: url },
          { property: "og:url", content: url },
        ]
      : []),
  ];
}
