import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("condition/:subcategoryId", "routes/condition.tsx"),
  route("search", "routes/search.tsx"),
  // Last: anything no other route claims answers with a real 404 status.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
