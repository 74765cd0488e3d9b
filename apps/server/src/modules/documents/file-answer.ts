/**
 * What the documents' services answer: a file (its name, type and bytes), named safely, for the
 * caller's language and audit entry.
 */
import type { Language } from '@hospes/shared/languages';
import type { AuditContext } from '../audit';

export type DocumentContext = AuditContext & { lng: Language };

export interface FileAnswer {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/** A file name safe in a Content-Disposition header: ASCII letters, digits, `.`, `-`, `_`. */
export const safeFileName = (name: string) =>
  name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'file';
