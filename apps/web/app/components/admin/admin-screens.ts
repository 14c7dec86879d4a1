/**
 * Every back-office screen of the specification (back-office §2), in menu order: the one source for
 * the side menu, the dashboard's cards and its quick actions. `built` says whether the screen's
 * route exists yet: a screen that is not built is shown as "Coming soon" and never linked, so
 * nothing leads to a dead end. A unit test keeps `built` equal to the route table.
 */
export interface AdminScreen {
  label: string;
  path: string;
  built: boolean;
  /** Listed in the side menu; forms are reached from their list or a quick action instead. */
  inMenu: boolean;
}

export const adminScreens = {
  dashboard: { label: "Dashboard", path: "/admin/dashboard", built: true, inMenu: true },
  medications: { label: "Medications", path: "/admin/medications", built: true, inMenu: true },
  newMedication: { label: "Add Medication", path: "/admin/medications/new", built: true, inMenu: false },
  pharmacies: { label: "Pharmacies", path: "/admin/pharmacies", built: true, inMenu: true },
  newPharmacy: { label: "Add Pharmacy", path: "/admin/pharmacies/new", built: true, inMenu: false },
  prices: { label: "Price Management", path: "/admin/prices", built: true, inMenu: true },
  categories: { label: "Categories", path: "/admin/categories", built: true, inMenu: true },
  contacts: { label: "Contact Messages", path: "/admin/contacts", built: true, inMenu: true },
  priceAlerts: { label: "Price Alerts", path: "/admin/price-alerts", built: true, inMenu: true },
  blog: { label: "Blog", path: "/admin/blog", built: true, inMenu: true },
  newBlogPost: { label: "New Blog Post", path: "/admin/blog/new", built: true, inMenu: false },
  messages: { label: "Admin Messages", path: "/admin/messages", built: true, inMenu: true },
  subscriptions: { label: "Email Subscriptions", path: "/admin/subscriptions", built: true, inMenu: true },
  profile: { label: "Profile Settings", path: "/admin/profile", built: true, inMenu: true },
  audit: { label: "Audit Log", path: "/admin/audit", built: true, inMenu: true },
} as const satisfies Record<string, AdminScreen>;

export type AdminScreenId = keyof typeof adminScreens;

export const adminMenu: readonly AdminScreen[] = Object.values(adminScreens).filter(
  (screen) => screen.inMenu,
);

/** Whether `pathname` shows this screen (or a page inside it); /admin is the dashboard too. */
export function isCurrentScreen(screen: AdminScreen, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (screen.path === adminScreens.dashboard.path && path === "/admin") return true;
  return path === screen.path || path.startsWith(`${screen.path}/`);
}
