/**
 * The audit log, as the other modules see it: the log they write to (injected by app.ts), what an
 * entry holds, and who acts from where (a route's request). A module reaches another only through
 * its index (docs/decisions/037-server-module-boundaries.md).
 */
export type { AuditContext, AuditEntry, AuditRepository } from './audit.repository';
export { auditContext } from './audit-context';
