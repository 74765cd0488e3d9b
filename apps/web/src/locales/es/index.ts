import errors from '@hospes/shared/locales/es/errors.json';
import validation from '@hospes/shared/locales/es/validation.json';
import type { LocaleBundle } from '../types';
import auth from './auth.json';
import clients from './clients.json';
import common from './common.json';
import profile from './profile.json';

const bundle: LocaleBundle = { common, auth, profile, clients, validation, errors };
export default bundle;
