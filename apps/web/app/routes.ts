import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/*
 * A public page's module is pages/<page>/route.tsx (apps/web/app/pages/README.md); each keeps the id
 * React Router gave it when it lived at routes/<page>.tsx, which the page budget, the route loader
 * data lookups and the tests name.
 */
export default [
  index("pages/home/route.tsx", { id: "routes/home" }),
  route("condition/:subcategoryId", "pages/condition/route.tsx", { id: "routes/condition" }),
  route("pharmacies/:id", "pages/pharmacy/route.tsx", { id: "routes/pharmacy" }),
  // Two pharmacies side by side for one medication (decision 042).
  route("compare", "pages/compare/route.tsx", { id: "routes/compare" }),
  route("search", "pages/search/route.tsx", { id: "routes/search" }),
  // The monthly UK price index and its open data (issue 45, decision 061): one page module for the
  // latest month and any month, a condition's month, and the downloads (a resource route).
  route("price-index", "pages/price-index/route.tsx", { id: "routes/price-index" }),
  route("price-index/:month", "pages/price-index/route.tsx", { id: "routes/price-index-month" }),
  route("price-index/:month/download/:file", "pages/price-index/download-route.ts", {
    id: "routes/price-index-download",
  }),
  route("price-index/:month/:condition", "pages/price-index/condition-route.tsx", {
    id: "routes/price-index-condition",
  }),
  route("blog", "pages/blog/route.tsx", { id: "routes/blog" }),
  route("blog/:slug", "pages/blog-post/route.tsx", { id: "routes/blog-post" }),
  route("about", "pages/about/route.tsx", { id: "routes/about" }),
  route("contact", "pages/contact/route.tsx", { id: "routes/contact" }),
  route("privacy", "pages/privacy/route.tsx", { id: "routes/privacy" }),
  route("cookies", "pages/cookies/route.tsx", { id: "routes/cookies" }),
  route("disclaimer", "pages/disclaimer/route.tsx", { id: "routes/disclaimer" }),
  route("how-we-rank", "pages/how-we-rank/route.tsx", { id: "routes/how-we-rank" }),
  // For search engines: resource routes (no page), built from the API's list of what is public.
  route("sitemap.xml", "pages/sitemap/route.ts", { id: "routes/sitemap" }),
  route("robots.txt", "pages/robots/route.ts", { id: "routes/robots" }),
  route("subscribe", "pages/subscribe/route.tsx", { id: "routes/subscribe" }),
  // The links in our emails: a page with one button (a POST), so a mail scanner's GET does nothing.
  route("confirm", "pages/confirm/route.tsx", { id: "routes/confirm" }),
  route("unsubscribe", "pages/unsubscribe/route.tsx", { id: "routes/unsubscribe" }),
  // Every price-news email links here with its link's secret: what the address receives (issue 28).
  route("manage-emails", "pages/manage-emails/route.tsx", { id: "routes/manage-emails" }),
  // The back-office (client-rendered): sign-in, then every other admin page behind the layout's guard.
  // Each screen is a folder under admin/ (admin/README.md); the route ids stay the ones the files had
  // under routes/admin/, which code (useRouteLoaderData) and tests name.
  route("admin/login", "admin/login/route.tsx", { id: "routes/admin/login" }),
  layout("admin/layout/route.tsx", { id: "routes/admin/layout" }, [
    route("admin", "admin/dashboard/route.tsx", { id: "routes/admin/dashboard-home" }),
    route("admin/dashboard", "admin/dashboard/route.tsx", { id: "routes/admin/dashboard" }),
    route("admin/profile", "admin/profile/route.tsx", { id: "routes/admin/profile" }),
    route("admin/audit", "admin/audit/route.tsx", { id: "routes/admin/audit" }),
    route("admin/messages", "admin/messages/route.tsx", { id: "routes/admin/messages" }),
    route("admin/contacts", "admin/contacts/route.tsx", { id: "routes/admin/contacts" }),
    route("admin/price-alerts", "admin/price-alerts/route.tsx", { id: "routes/admin/price-alerts" }),
    route("admin/subscriptions", "admin/subscriptions/route.tsx", { id: "routes/admin/subscriptions" }),
    route("admin/newsletters", "admin/newsletters/route.tsx", { id: "routes/admin/newsletters" }),
    route("admin/newsletters/new", "admin/newsletters/editor-route.tsx", {
      id: "routes/admin/newsletter-new",
    }),
    route("admin/newsletters/:id", "admin/newsletters/editor-route.tsx", {
      id: "routes/admin/newsletter-editor",
    }),
    route("admin/blog", "admin/blog/route.tsx", { id: "routes/admin/blog" }),
    // One editor for both (back-office §2), under two route ids.
    route("admin/blog/new", "admin/blog/editor-route.tsx", { id: "routes/admin/blog-new" }),
    route("admin/blog/edit/:id", "admin/blog/editor-route.tsx", { id: "routes/admin/blog-editor" }),
    route("admin/medications", "admin/medications/route.tsx", { id: "routes/admin/medications" }),
    // One form for both (back-office §2), under two route ids.
    route("admin/medications/new", "admin/medications/form-route.tsx", { id: "routes/admin/medication-new" }),
    route("admin/medications/edit/:id", "admin/medications/form-route.tsx", {
      id: "routes/admin/medication-form",
    }),
    route("admin/pharmacies", "admin/pharmacies/route.tsx", { id: "routes/admin/pharmacies" }),
    // One form for both (back-office §2), under two route ids.
    route("admin/pharmacies/new", "admin/pharmacies/form-route.tsx", { id: "routes/admin/pharmacy-new" }),
    route("admin/pharmacies/edit/:id", "admin/pharmacies/form-route.tsx", {
      id: "routes/admin/pharmacy-form",
    }),
    route("admin/prices", "admin/prices/route.tsx", { id: "routes/admin/prices" }),
    route("admin/feeds", "admin/feeds/route.tsx", { id: "routes/admin/feeds" }),
    route("admin/feed-review", "admin/feed-review/route.tsx", { id: "routes/admin/feed-review" }),
    route("admin/categories", "admin/categories/route.tsx", { id: "routes/admin/categories" }),
    route("admin/nhs-charges", "admin/nhs-charges/route.tsx", { id: "routes/admin/nhs-charges" }),
    route("admin/price-events", "admin/price-events/route.tsx", { id: "routes/admin/price-events" }),
    route("admin/supply-notices", "admin/supply-notices/route.tsx", { id: "routes/admin/supply-notices" }),
    route("admin/api-keys", "admin/api-keys/route.tsx", { id: "routes/admin/api-keys" }),
    // Last in the layout: an unknown admin address signs in first, then says "Page not found" inside the back-office.
    route("admin/*", "admin/not-found/route.tsx", { id: "routes/admin/not-found" }),
  ]),
  // Last: anything no other route claims answers with a real 404 status.
  route("*", "pages/not-found/route.tsx", { id: "routes/not-found" }),
] satisfies RouteConfig;
