/**
 * Webhooks (decision 069), as the other modules see them: none imports them; app.ts wires the
 * outbox into the audit log and the SES repository, which know nothing of webhooks.
 */
export type { WebhookOutbox } from './outbox';
export type { WebhooksService } from './webhooks.service';
