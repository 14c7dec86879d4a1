import type { MetaDescriptor } from "react-router";

/** "{Page} | PharmaCompare": the title of every page but home and blog articles. */
export function siteTitle(page: string): string {
  return `${page} | PharmaCompare`;
}

export interface PageMetaOptions {
  title: string;
  description: string;
  /** The page's path (and canonical query, if any) under SITE_URL. */
  path: string;
  /** From the root loader; without it no absolute address (canonical, og:url, JSON-LD) is written. */
  siteUrl: string | undefined;
  /** og:title when it should differ from the document title (defaults to it). */
  socialTitle?: string;
  type?: "website" | "article";
  /** More tags: keywords, article:*, og:image… */
  extra?: MetaDescriptor[];
  /** Tags that need the page's absolute address, such as JSON-LD. */
  withUrl?: (url: string, siteUrl: string) => MetaDescriptor[];
}

/**
 * The one set of meta tags every public page sends in its server HTML: title, description,
 * Open Graph, and the canonical address built from SITE_URL.
 */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const url = options.siteUrl ? `${options.siteUrl}${options.path}` : undefined;
  return [
    { title: options.title },
    { name: "description", content: options.description },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:site_name", content: "PharmaCompare" },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: options.socialTitle ?? options.title },
    { property: "og:description", content: options.description },
    ...(options.extra ?? []),
    ...(url && options.siteUrl
      ? [
          { tagName: "link", rel: "canonical", href: url },
          { property: "og:url", content: url },
          ...(options.withUrl?.(url, options.siteUrl) ?? []),
        ]
      : []),
  ];
}
