/**
 * The accounts, sessions and e-mailed links (modules/users has no service of its own: its stores
 * are handed to the services that need them by app.ts), and a user as the API answers one
 * (docs/decisions/037-server-module-boundaries.md).
 */
export {
  toUserDto,
  type SessionsRepository,
  type TokenPurpose,
  type TokensRepository,
  type UsersRepository,
} from './users.repository';
