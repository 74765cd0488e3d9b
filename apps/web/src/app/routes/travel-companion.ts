import type { CreateTravelerInput } from '@hospes/shared/travelers';
import {
  addressValuesOf,
  emptyTravelerValues,
  type TravelerFormValues,
  type TravelerPrefill,
} from '@/features/traveler/form-model';

/** The values the next person of a group takes from the one before: address and contact. */
export interface SharedValues {
  contactInfo: TravelerFormValues['contactInfo'];
  address: TravelerFormValues['address'];
}

/**
 * What the person just registered on the self check-in page shares with the next one of their
 * couple, family or group on the same phone: the home address (every field, the one-line
 * address and the INE municipality too) and the contact e-mail and phone, the ones a child gives
 * in practice. Not the second phone, and nothing of their own: names, document, dates, signature,
 * photos, emergency contact. Held in memory only, for the done screen's "travelling with".
 */
export interface TravelCompanion {
  /** The first name of the person it comes from, as the done screen and the notice name them. */
  name: string;
  values: SharedValues;
  /** Whether a home address was given (else only the e-mail and phone are copied). */
  hasAddress: boolean;
}

/** What `input`, just registered, shares with the next person (see TravelCompanion). */
export function travelCompanionOf(input: CreateTravelerInput): TravelCompanion {
  const empty = emptyTravelerValues();
  const address = addressValuesOf(input.address);
  const oneLine = input.contactInfo.address ?? '';
  return {
    name: input.firstName,
    values: {
      contactInfo: {
        ...empty.contactInfo,
        email: input.contactInfo.email,
        phone: input.contactInfo.phone,
        address: oneLine,
      },
      address,
    },
    hasAddress: oneLine !== '' || Object.values(address).some((value) => value !== ''),
  };
}

/**
 * The form's start for the next person: the shared values, nothing marked (they were typed, not
 * read from a document). Whole groups, as the form lays a prefill over its empty values.
 */
export function companionPrefill(companion: TravelCompanion): TravelerPrefill {
  return { values: companion.values, marks: {} };
}

/**
 * "Clear them": the address and contact as the form holds them (`current`), with each field still
 * as it was copied emptied; a field the person changed is theirs and stays.
 */
export function withoutCopiedValues(
  current: SharedValues,
  companion: TravelCompanion,
): TravelerPrefill {
  const cleared = <T extends Record<string, string>>(now: T, copied: T): T =>
    Object.fromEntries(
      Object.entries(now).map(([key, value]) => [
        key,
        copied[key] !== '' && value === copied[key] ? '' : value,
      ]),
    ) as T;
  return {
    values: {
      contactInfo: cleared(current.contactInfo, companion.values.contactInfo),
      address: cleared(current.address, companion.values.address),
    },
    marks: {},
  };
}
