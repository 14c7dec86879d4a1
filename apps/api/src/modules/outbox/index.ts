export type { EmailTemplate, OutboxService } from "./outbox-service.ts";
export { createOutboxService, OUTBOX_POLL_MS } from "./outbox-service.ts";
