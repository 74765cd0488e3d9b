import { PASSWORD_MIN } from '@hospes/shared/common';
import { AppError } from './app-error';

/**
 * The passwords refused whatever their length: the ~49,000 of zxcvbn-ts's common list (the most
 * frequent in public breach corpora, all lower-case), shipped in its npm package and read here,
 * never asked of a service (decision 040). Those shorter than the minimum are refused anyway.
 * Read on first use: about 2 MB of memory from then on.
 */
let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN)),
  );
  return common;
}

/** True for a password of the list, in any case ('Password1' is 'password1'). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/**
 * Refuses a new password of the list with PASSWORD_TOO_COMMON (400), its detail on `field` (the
 * form's field: `account.password`, `password`, `newPassword`) in the request's language.
 */
export async function checkNewPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('PASSWORD_TOO_COMMON', {
      details: [{ field, message: '', code: 'validation.passwordCommon' }],
    });
  }
}
