import type common from './en/common.json';
import type auth from './en/auth.json';
import type profile from './en/profile.json';
import type clients from './en/clients.json';
import type checkin from './en/checkin.json';
import type establishments from './en/establishments.json';
import type admin from './en/admin.json';
import type documents from './en/documents.json';
import type reservations from './en/reservations.json';

type Table = Record<string, string>;

/** Everything one language needs: the web app's namespaces plus the shared validation and errors. */
export type LocaleBundle = {
  common: typeof common;
  auth: typeof auth;
  profile: typeof profile;
  clients: typeof clients;
  checkin: typeof checkin;
  establishments: typeof establishments;
  admin: typeof admin;
  documents: typeof documents;
  reservations: typeof reservations;
  validation: Table;
  errors: Table;
  /** The SES.HOSPEDAJES pre-flight's texts (shared with the server's files). */
  ses: Table;
};
