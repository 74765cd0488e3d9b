/**
 * Accounts and sessions, as the other modules see them: the service that sets a password link
 * and revokes sessions (docs/decisions/037-server-module-boundaries.md).
 */
export type { AuthService } from './auth.service';
