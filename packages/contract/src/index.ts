export * from "./api-paths.ts";
export * from "./entities.ts";
export * from "./errors.ts";
export * from "./format.ts";
export * from "./health.ts";
export * from "./ids.ts";
export * from "./env.ts";
