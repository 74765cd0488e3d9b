import errors from '@hospes/shared/locales/ar/errors.json';
import ses from '@hospes/shared/locales/ar/ses.json';
import validation from '@hospes/shared/locales/ar/validation.json';
import type { LocaleBundle } from '../types';
import admin from './admin.json';
import auth from './auth.json';
import checkin from './checkin.json';
import clients from './clients.json';
import common from './common.json';
import documents from './documents.json';
import establishments from './establishments.json';
import profile from './profile.json';
import reservations from './reservations.json';

const bundle: LocaleBundle = {
  common,
  auth,
  profile,
  clients,
  checkin,
  establishments,
  admin,
  documents,
  reservations,
  validation,
  errors,
  ses,
};
export default bundle;
