import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("condition/:subcategoryId", "routes/condition.tsx"),
  route("pharmacies/:id", "routes/pharmacy.tsx"),
  // Two pharmacies side by side for one medication (decision 042).
  route("compare", "routes/compare.tsx"),
  route("search", "routes/search.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("disclaimer", "routes/disclaimer.tsx"),
  route("how-we-rank", "routes/how-we-rank.tsx"),
  // For search engines: resource routes (no page), built from the API's list of what is public.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("subscribe", "routes/subscribe.tsx"),
  // The links in our emails: a page with one button (a POST), so a mail scanner's GET does nothing.
  route("confirm", "routes/confirm.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  // Every price-news email links here with its link's secret: what the address receives (issue 28).
  route("manage-emails", "routes/manage-emails.tsx"),
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
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
