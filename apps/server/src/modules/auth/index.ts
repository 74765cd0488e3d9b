/**
 * Accounts and sessions, as the other modules see them: the service that sets a password link
 * and revokes sessions, and what a request tells of its client
 * (docs/decisions/037-server-module-boundaries.md).
 */
export type { AuthService, RequestMeta } from './auth.service';
