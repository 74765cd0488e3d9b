/**
 * How long records are kept (decisions 021, 022), as the other modules see it: an establishment
 * cannot be deleted while it keeps a traveler within the retention period
 * (docs/decisions/037-server-module-boundaries.md).
 */
export { retentionCutoff, stayEnd } from './retention.service';
