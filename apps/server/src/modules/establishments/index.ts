/**
 * The establishments, as the other modules see them (docs/decisions/037-server-module-boundaries.md):
 * the establishment's clock (decision 028), in JavaScript and in SQL, which every list and document
 * counts days by; its policy on photos of identity documents (decision 023), which a registration
 * applies; and what an account's registration creates of it (modules/auth).
 */
import type { EstablishmentsRepository } from './establishments.repository';

export { clockDays, establishmentOnIslands, islandsClock, type ClockDays } from './clock';
export {
  deleteDocumentPhotos,
  documentsDeletedEntries,
  keepsDocumentImages,
} from './document-photos';

/** An establishment registered with its owner's account (POST /api/auth/register). */
export type EstablishmentSignup = Pick<
  EstablishmentsRepository,
  'isNifTaken' | 'holdNif' | 'insertWithOwner'
>;
