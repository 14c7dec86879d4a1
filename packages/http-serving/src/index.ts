export * from "./early-answer.ts";
export * from "./encoding.ts";
export * from "./log-format.ts";
export * from "./log-options.ts";
export * from "./remembered.ts";
export * from "./request-log.ts";
export * from "./request-target.ts";
export * from "./shutdown.ts";
