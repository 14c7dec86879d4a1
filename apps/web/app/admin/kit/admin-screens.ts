/**
 * Every back-office screen of the specification (back-office §2), in menu order: the one source for
 * the side menu, the dashboard's cards and its quick actions. A unit test checks that each one's
 * route exists, so nothing links to a dead end.
 */
export interface AdminScreen {
  label: string;
  path: string;
  /** Listed in the side menu; forms are reached from their list or a quick action instead. */
  inMenu: boolean;
}

export const adminScreens = {
  dashboard: { label: "Dashboard", path: "/admin/dashboard", inMenu: true },
  medications: { label: "Medications", path: "/admin/medications", inMenu: true },
  newMedication: { label: "Add Medication", path: "/admin/medications/new", inMenu: false },
  pharmacies: { label: "Pharmacies", path: "/admin/pharmacies", inMenu: true },
  newPharmacy: { label: "Add Pharmacy", path: "/admin/pharmacies/new", inMenu: false },
  prices: { label: "Price Management", path: "/admin/prices", inMenu: true },
  feeds: { label: "Feeds", path: "/admin/feeds", inMenu: true },
  feedReview: { label: "Feed review", path: "/admin/feed-review", inMenu: true },
  categories: { label: "Categories", path: "/admin/categories", inMenu: true },
  nhsCharges: { label: "NHS Charges", path: "/admin/nhs-charges", inMenu: true },
  priceEvents: { label: "Price Events", path: "/admin/price-events", inMenu: true },
  supplyNotices: { label: "Supply Notices", path: "/admin/supply-notices", inMenu: true },
  contacts: { label: "Contact Messages", path: "/admin/contacts", inMenu: true },
  priceAlerts: { label: "Price Alerts", path: "/admin/price-alerts", inMenu: true },
  blog: { label: "Blog", path: "/admin/blog", inMenu: true },
  newBlogPost: { label: "New Blog Post", path: "/admin/blog/new", inMenu: false },
  messages: { label: "Admin Messages", path: "/admin/messages", inMenu: true },
  subscriptions: { label: "Email Subscriptions", path: "/admin/subscriptions", inMenu: true },
  newsletters: { label: "Newsletters", path: "/admin/newsletters", inMenu: true },
  newNewsletter: { label: "New Newsletter", path: "/admin/newsletters/new", inMenu: false },
  apiKeys: { label: "API Keys", path: "/admin/api-keys", inMenu: true },
  profile: { label: "Profile Settings", path: "/admin/profile", inMenu: true },
  audit: { label: "Audit Log", path: "/admin/audit", inMenu: true },
} as const satisfies Record<string, AdminScreen>;

export const adminMenu: readonly AdminScreen[] = Object.values(adminScreens).filter(
  (screen) => screen.inMenu,
);

/** Whether `pathname` shows this screen (or a page inside it); /admin is the dashboard too. */
export function isCurrentScreen(screen: AdminScreen, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (screen.path === adminScreens.dashboard.path && path === "/admin") return true;
  return path === screen.path || path.startsWith(`${screen.path}/`);
}
