export { createAdminContactService } from "./admin-contact-service.ts";
export type { AdminMessageService } from "./admin-message-service.ts";
export { createAdminMessageService } from "./admin-message-service.ts";
export { createContactService } from "./contact-service.ts";
