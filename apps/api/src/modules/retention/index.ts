export { RETENTION, scheduleRetention } from "./retention.ts";
