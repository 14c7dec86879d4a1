import type { Database, DatabaseHandle } from "../db/client.ts";
import { createCategoryService } from "./category-service.ts";

/** One service per resource; routes reach data only through these. */
export function createServices(db: Database) {
  return {
    categories: createCategoryService(db),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    database: DatabaseHandle;
  }
}
