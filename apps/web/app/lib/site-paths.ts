/** Public URLs the pages link to, kept in one place so a renamed route is changed once. */
export const sitePaths = {
  home: "/",
  blog: "/blog",
  about: "/about",
  contact: "/contact",
  privacy: "/privacy",
  cookies: "/cookies",
  disclaimer: "/disclaimer",
  /** How the comparison orders pharmacies, and why no one can pay for a better place. */
  howWeRank: "/how-we-rank",
  /** Price updates by email: the subscription forms post here (the page itself serves no-JavaScript visitors). */
  subscribe: "/subscribe",
  /** The links in our emails: each page asks for one press of a button (a POST) before acting. */
  confirmEmail: "/confirm",
  unsubscribe: "/unsubscribe",
  condition: (subcategoryId: string) => `/condition/${encodeURIComponent(subcategoryId)}`,
  /** A condition page with one medication (and optionally one dosage) preselected (public site §2). */
  conditionMedication: (subcategoryId: string, medicationName: string, dosage?: string) =>
    `/condition/${encodeURIComponent(subcategoryId)}?${new URLSearchParams({
      medication: medicationName,
      ...(dosage ? { dosage } : {}),
    })}`,
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  /** A pharmacy's own page: its details, delivery terms, registrations and what it sells. */
  pharmacy: (id: string) => `/pharmacies/${encodeURIComponent(id)}`,
  /** Two pharmacies side by side for one medication (decision 042), by ids. */
  compare: (medicationId: string, a: string, b: string) =>
    `/compare?${new URLSearchParams({ medication: medicationId, a, b })}`,
  /** The monthly UK price index (decision 061): the latest month, a month, a condition's month, a download. */
  priceIndex: "/price-index",
  priceIndexMonth: (month: string) => `/price-index/${month}`,
  priceIndexCondition: (month: string, subcategoryId: string) =>
    `/price-index/${month}/${encodeURIComponent(subcategoryId)}`,
  priceIndexDownload: (month: string, file: string) => `/price-index/${month}/download/${file}`,
  search: (query?: string) => (query ? `/search?${new URLSearchParams({ q: query })}` : "/search"),
} as const;

/** The pages linked from the header and the footer besides the condition pages. */
export const infoLinks = [
  { to: sitePaths.blog, label: "Blog" },
  { to: sitePaths.about, label: "About" },
  { to: sitePaths.contact, label: "Contact" },
] as const;

/** The footer's "PharmaCompare" column: the header's pages, then how the comparison works. */
export const footerInfoLinks = [
  ...infoLinks,
  { to: sitePaths.howWeRank, label: "How we rank" },
  // Reached by navigation only, never promoted (issue 45, decision 061).
  { to: sitePaths.priceIndex, label: "UK price index" },
] as const;

export const legalLinks = [
  { to: sitePaths.privacy, label: "Privacy Policy" },
  { to: sitePaths.cookies, label: "Cookie Policy" },
  { to: sitePaths.disclaimer, label: "Medical Disclaimer" },
] as const;
