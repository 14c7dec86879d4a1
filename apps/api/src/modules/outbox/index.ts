export type { EmailTemplate, OutboxService } from "./outbox-service.ts";
export { createOutboxService, OUTBOX_POLL_MS, retryDelayMs } from "./outbox-service.ts";
