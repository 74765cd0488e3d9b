/**
 * The team of an establishment, as the other modules see it (decision 058): its service (built by
 * app.ts) and the memberships GET /auth/me answers.
 */
export type { TeamService } from './team.service';
