/**
 * Reservations, as the other modules see them (docs/decisions/037-server-module-boundaries.md):
 * the service and its types (decision 060).
 */
export type { ReservationsService } from './reservations.service';
export type { FeedsService } from './feeds';
export type { ArrivalSummary } from './checkin-links';
