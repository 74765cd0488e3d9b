/**
 * The declaración responsable of an establishment, as the other modules see them
 * (docs/decisions/037-server-module-boundaries.md): the service's type (decision 063).
 */
export type { DeclarationsService } from './declarations.service';
