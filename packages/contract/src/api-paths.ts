/** Path helpers shared by the API routes and the web's API client, so the two never drift. */
export const apiPaths = {
  health: "/health",
  categories: "/api/categories",
} as const;
