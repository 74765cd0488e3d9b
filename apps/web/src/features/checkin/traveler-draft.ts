import { DOCUMENT_TYPES, type DocumentType } from '@hospes/shared/codes';
import type { TravelerFormValues } from '@/features/traveler/form-model';

const TOP_FIELDS = [
  'firstName',
  'lastName',
  'secondLastName',
  'nationality',
  'dateOfBirth',
  'gender',
  'kinship',
  'passportNumber',
  'documentSupportNumber',
  'documentExpeditionDate',
  'language',
] as const;

const GROUPS = {
  contactInfo: ['email', 'phone', 'phone2', 'address'],
  address: [
    'street',
    'complement',
    'municipalityCode',
    'municipalityName',
    'postalCode',
    'country',
  ],
  emergencyContact: ['name', 'phone', 'relationship'],
} as const;

/**
 * A draft of the public form: what a traveler typed, kept so that a reload of the tab does not
 * lose it. Text fields only: no photo of the document and no signature (large, and the most
 * sensitive part: they are taken again), and none of the values the page sets itself (the
 * establishment, today's entry date, the stay the public form does not show).
 */
export type TravelerDraft = Partial<
  Pick<TravelerFormValues, (typeof TOP_FIELDS)[number] | 'documentType'>
> & {
  [Group in keyof typeof GROUPS]?: Partial<TravelerFormValues[Group]>;
};

/** Longer than any field the form accepts: a value beyond it was not typed in the form. */
const MAX_LENGTH = 500;

const text = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_LENGTH;

/**
 * The draft held by `value` (the form's values, or what was read back from storage): the text
 * fields above, whatever else it holds left out; a value that is not text the form could hold is
 * dropped.
 */
export function travelerDraftFrom(value: unknown): TravelerDraft {
  if (typeof value !== 'object' || value === null) return {};
  const source = value as Record<string, unknown>;
  const draft: Record<string, unknown> = {};
  for (const key of TOP_FIELDS) {
    if (text(source[key])) draft[key] = source[key];
  }
  if ((DOCUMENT_TYPES as readonly unknown[]).includes(source.documentType)) {
    draft.documentType = source.documentType as DocumentType;
  }
  for (const [group, keys] of Object.entries(GROUPS)) {
    const inner = source[group];
    if (typeof inner !== 'object' || inner === null) continue;
    const picked: Record<string, string> = {};
    for (const key of keys) {
      const field = (inner as Record<string, unknown>)[key];
      if (text(field)) picked[key] = field;
    }
    if (Object.keys(picked).length > 0) draft[group] = picked;
  }
  return draft as TravelerDraft;
}

/**
 * Whether the draft holds something the traveler typed or chose (not only the document type and
 * the language the form starts with).
 */
export function draftHasInput(draft: TravelerDraft): boolean {
  const typed = TOP_FIELDS.filter((key) => key !== 'language').map((key) => draft[key]);
  for (const group of Object.keys(GROUPS) as (keyof typeof GROUPS)[]) {
    typed.push(...Object.values(draft[group] ?? {}));
  }
  return typed.some((value) => typeof value === 'string' && value.trim() !== '');
}

/**
 * `values` (the form's starting values, or a draft kept over a reload) with a draft over them,
 * field by field in the groups.
 */
export function withDraft<T extends TravelerDraft>(values: T, draft: TravelerDraft): T {
  return {
    ...values,
    ...draft,
    contactInfo: { ...values.contactInfo, ...draft.contactInfo },
    address: { ...values.address, ...draft.address },
    emergencyContact: { ...values.emergencyContact, ...draft.emergencyContact },
  };
}
