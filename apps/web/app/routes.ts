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
  route("admin/login", "routes/admin/login.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx", { id: "routes/admin/dashboard-home" }),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/profile", "routes/admin/profile.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/contacts", "routes/admin/contacts.tsx"),
    route("admin/price-alerts", "routes/admin/price-alerts.tsx"),
    route("admin/subscriptions", "routes/admin/subscriptions.tsx"),
    route("admin/newsletters", "routes/admin/newsletters.tsx"),
    route("admin/newsletters/new", "routes/admin/newsletter-editor.tsx", {
      id: "routes/admin/newsletter-new",
    }),
    route("admin/newsletters/:id", "routes/admin/newsletter-editor.tsx"),
    route("admin/blog", "routes/admin/blog.tsx"),
    // One editor for both (back-office §2), under two route ids.
    route("admin/blog/new", "routes/admin/blog-editor.tsx", { id: "routes/admin/blog-new" }),
    route("admin/blog/edit/:id", "routes/admin/blog-editor.tsx"),
    route("admin/medications", "routes/admin/medications.tsx"),
    // One form for both (back-office §2), under two route ids.
    route("admin/medications/new", "routes/admin/medication-form.tsx", { id: "routes/admin/medication-new" }),
    route("admin/medications/edit/:id", "routes/admin/medication-form.tsx"),
    route("admin/pharmacies", "routes/admin/pharmacies.tsx"),
    // One form for both (back-office §2), under two route ids.
    route("admin/pharmacies/new", "routes/admin/pharmacy-form.tsx", { id: "routes/admin/pharmacy-new" }),
    route("admin/pharmacies/edit/:id", "routes/admin/pharmacy-form.tsx"),
    route("admin/prices", "routes/admin/prices.tsx"),
    route("admin/feeds", "routes/admin/feeds.tsx"),
    route("admin/feed-review", "routes/admin/feed-review.tsx"),
    route("admin/categories", "routes/admin/categories.tsx"),
    // Last in the layout: an unknown admin address signs in first, then says "Page not found" inside the back-office.
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  // Last: anything no other route claims answers with a real 404 status.
  route("*", "pages/not-found/route.tsx", { id: "routes/not-found" }),
] satisfies RouteConfig;
