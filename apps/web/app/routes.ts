import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // Last: anything no other route claims answers with a real 404 status.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
