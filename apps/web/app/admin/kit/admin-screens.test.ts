import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../routes.ts";
import { adminMenu, adminScreens, isCurrentScreen } from "./admin-screens.ts";

function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    return [...(entry.path ? [path] : []), ...routePaths(entry.children ?? [], path)];
  });
}

describe("the admin screen list", () => {
  const existing = new Set(routePaths(routes));

  it.each(Object.entries(adminScreens))("names a screen that exists: %s", (_id, screen) => {
    expect(existing.has(screen.path)).toBe(true);
  });

  it("puts every list screen of the specification in the menu, in order", () => {
    expect(adminMenu.map((screen) => screen.label)).toEqual([
      "Dashboard",
      "Medications",
      "Pharmacies",
      "Price Management",
      // Issue 29 (decision 047): price feeds and the rows they held, beside the prices they write.
      "Feeds",
      "Feed review",
      "Categories",
      // Issue 44 (decision 056): England's NHS charges, beside the catalogue they are shown with.
      "NHS Charges",
      // Issue 45 (decision 059): dated events on the price histories.
      "Price Events",
      // Issue 45 (decision 060): supply notices, beside the catalogue they are shown with.
      "Supply Notices",
      "Contact Messages",
      "Price Alerts",
      "Blog",
      "Admin Messages",
      "Email Subscriptions",
      // Issue 28 (decision 041): staff newsletters, beside the subscriptions they go to.
      "Newsletters",
      // Issue 45 (decision 062): keys of the open API, issued and revoked by staff.
      "API Keys",
      "Profile Settings",
      "Audit Log",
    ]);
  });

  it("marks the screen a page belongs to", () => {
    expect(isCurrentScreen(adminScreens.dashboard, "/admin")).toBe(true);
    expect(isCurrentScreen(adminScreens.dashboard, "/admin/dashboard/")).toBe(true);
    expect(isCurrentScreen(adminScreens.medications, "/admin/medications/edit/abc")).toBe(true);
    expect(isCurrentScreen(adminScreens.audit, "/admin/profile")).toBe(false);
    expect(isCurrentScreen(adminScreens.blog, "/admin/blogroll")).toBe(false);
  });
});
