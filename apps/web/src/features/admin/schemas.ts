import {
  EstablishmentContactSchema,
  EstablishmentCoreSchema,
  EstablishmentStatusSchema,
  type Establishment,
} from '@hospes/shared/establishments';
import type { z } from '@hospes/shared/zod';

/**
 * The admin establishment form (create wizard and edit page): the shared contract's fields,
 * all required (spec §5), flat as the API takes them.
 */
export const EstablishmentFormSchema = EstablishmentCoreSchema.extend(
  EstablishmentContactSchema.shape,
).extend({ status: EstablishmentStatusSchema });
export type EstablishmentFormValues = z.input<typeof EstablishmentFormSchema>;
export type EstablishmentFormOutput = z.output<typeof EstablishmentFormSchema>;
export type EstablishmentField = keyof EstablishmentFormValues;

/** Spec §3: type hostel, status active, every other field empty. */
export const EMPTY_ESTABLISHMENT: EstablishmentFormValues = {
  name: '',
  type: 'hostel',
  nif: '',
  address: '',
  city: '',
  province: '',
  postalCode: '',
  phone: '',
  contactName: '',
  contactEmail: '',
  status: 'active',
};

/** The create wizard's steps and the fields each one validates (spec §2, §5). */
export const CREATE_STEPS = [
  {
    key: 'establishment',
    fields: ['name', 'type', 'nif', 'address', 'city', 'province', 'postalCode', 'phone'],
  },
  { key: 'contact', fields: ['contactName', 'contactEmail'] },
  { key: 'status', fields: ['status'] },
] as const satisfies readonly { key: string; fields: readonly EstablishmentField[] }[];

export const ESTABLISHMENT_FIELDS: readonly EstablishmentField[] = CREATE_STEPS.flatMap(
  (step) => step.fields,
);

/** The step (0-based) that holds a field; -1 if none. */
export function stepOfField(field: string): number {
  return CREATE_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
}

/** The edit form's starting values: the establishment as loaded. */
export function formValuesOf(establishment: Establishment): EstablishmentFormValues {
  return {
    name: establishment.name,
    type: establishment.type,
    nif: establishment.nif,
    address: establishment.address,
    city: establishment.city,
    province: establishment.province,
    postalCode: establishment.postalCode,
    phone: establishment.phone,
    contactName: establishment.contactName,
    contactEmail: establishment.contactEmail,
    status: establishment.status,
  };
}
