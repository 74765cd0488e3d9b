/**
 * The project's zod, configured once so that every issue message is an i18n key
 * (`validation.*`), never an English sentence. Both apps import `z` from here.
 */
import { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

export function issueMessageKey(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'validation.required'
        : 'validation.invalidType';
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return 'validation.required';
      if (issue.origin === 'array' && Number(issue.minimum) <= 1) return 'validation.required';
      return issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig';
    case 'invalid_format':
      return issue.format === 'email' ? 'validation.email' : 'validation.invalidFormat';
    case 'invalid_value':
      return 'validation.invalidOption';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalid';
  }
}

z.config({ customError: (issue) => issueMessageKey(issue) });

export { z };
