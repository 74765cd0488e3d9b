/**
 * Field building blocks shared by the traveler and establishment contracts. Optional fields take
 * `''` or `null` as "empty" (web forms send empty strings): on a create that means not given, on
 * an update it clears the value; a missing key on an update keeps the stored value.
 */
import { isCountryCode } from './countries';
import { isIsoDate, isIsoDateTime, normaliseDateTime } from './dates';
import { z } from './zod';

const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** An optional field: absent (undefined), empty (null) or a valid value. */
export const nullish = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToNull, schema.nullable().optional());

/** A query parameter: an empty value, `null` or `undefined` counts as not given. */
export const queryParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === 'null' || value === 'undefined' ? undefined : blankToUndefined(value)),
    schema.optional(),
  );

/** A query parameter with a default, used when it is missing or empty. */
export const queryParamWithDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  z.preprocess(
    (value) => (value === 'null' || value === 'undefined' ? undefined : blankToUndefined(value)),
    schema.optional().transform((v) => (v === undefined ? fallback : v)),
  );

export const IsoDateSchema = z
  .string()
  .trim()
  .max(10, 'validation.date')
  .refine(isIsoDate, 'validation.date');

export const IsoDateTimeSchema = z
  .string()
  .trim()
  .max(19, 'validation.dateTime')
  .refine(isIsoDateTime, 'validation.dateTime')
  .transform(normaliseDateTime);

/** ISO 3166-1 alpha-3, upper-cased (`esp` → `ESP`). */
export const CountryCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(3, 'validation.country')
  .transform((v) => v.toUpperCase())
  .refine(isCountryCode, 'validation.country');

/** A code: trimmed, upper-cased, letters, digits and dashes. */
export const codeSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // ASCII only before upper-casing: 'ß' would become 'SS' and outgrow `max` (and its column).
    .regex(/^[A-Za-z0-9-]+$/, 'validation.code')
    .transform((v) => v.toUpperCase());
