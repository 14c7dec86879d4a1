export type { ActorContext, Audit, AuditedWork, AuditService } from "./audit-service.ts";
export { auditedWrite, createAuditService, forgetFailedSignIns } from "./audit-service.ts";
