import { getDomain } from "tldts";

/**
 * Whose site a link points at (decision 029): a price link from a sheet is trusted without a tick
 * only when its registrable domain (the public-suffix list's, private suffixes included, so two
 * `*.github.io` sites are two sites) is the pharmacy website's.
 */

/** The link's host name, lowercased; null for anything that is not an absolute address. */
export function hostOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    return new URL(address).hostname || null;
  } catch {
    return null;
  }
}

/** The registrable domain ("boots.com" for "www.boots.com"), or the host itself (an IP address, localhost). */
function siteOf(address: string | null | undefined): string | null {
  const host = hostOf(address);
  if (host === null) return null;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** True when the link is on the website's registrable domain; false when either has none. */
export function onWebsite(link: string, website: string | null | undefined): boolean {
  const linkSite = siteOf(link);
  return linkSite !== null && linkSite === siteOf(website);
}
