/*
 * How the root layout knows an admin page: kept apart from the back-office's API helpers so that
 * public pages, which check this on every render, do not load the API client (decision 025).
 */

/**
 * The `handle` of the admin's top routes (sign-in and the admin layout). The root layout skips the
 * public header, footer and loading screen for any page under a route carrying it. An unknown
 * /admin/… address is the layout's too (admin/not-found/route.tsx): sign-in first, then the
 * back-office's own "Page not found".
 */
export const adminRouteHandle = { adminChrome: true } as const;

export function usesAdminChrome(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some(
    (match) =>
      typeof match.handle === "object" &&
      match.handle !== null &&
      "adminChrome" in match.handle &&
      match.handle.adminChrome === true,
  );
}
