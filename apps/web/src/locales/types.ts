import type common from './en/common.json';
import type auth from './en/auth.json';
import type profile from './en/profile.json';
import type clients from './en/clients.json';

type Table = Record<string, string>;

/** Everything one language needs: the web app's namespaces plus the shared validation and errors. */
export type LocaleBundle = {
  common: typeof common;
  auth: typeof auth;
  profile: typeof profile;
  clients: typeof clients;
  validation: Table;
  errors: Table;
};
