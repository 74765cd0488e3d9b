/**
 * The traveler file's columns (TRAVELER_COLUMNS of @hospes/shared/documents) read from a
 * TravelerView for the export, and the template's example row.
 */
import { TRAVELER_COLUMNS, type TravelerColumn } from '@hospes/shared/documents';
import type { TravelerView } from '../traveler-view';

export type CellValue = string | number | boolean | null;

const madrid = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as local Spanish time, `YYYY-MM-DDTHH:mm:ss`. */
export function madridDateTime(iso: string): string {
  const parts = Object.fromEntries(
    madrid.formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

function getter(column: TravelerColumn): (view: TravelerView) => CellValue {
  switch (column.key) {
    case 'establishment':
      return (v) => v.establishmentName;
    case 'createdAt':
      return (v) => madridDateTime(v.createdAt);
    default: {
      const path = column.key.split('.');
      return (v) => {
        let value: unknown = v;
        for (const part of path) {
          if (value === null || value === undefined) return null;
          value = (value as Record<string, unknown>)[part];
        }
        return value === undefined ? null : (value as CellValue);
      };
    }
  }
}

export interface ExportColumn extends TravelerColumn {
  get: (view: TravelerView) => CellValue;
}

/** Every column, with its reader, in file order. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = TRAVELER_COLUMNS.map((column) => ({
  ...column,
  get: getter(column),
}));

/** The columns of the import template (the importable ones). */
export const TEMPLATE_COLUMNS = EXPORT_COLUMNS.filter((c) => c.importable);

/**
 * The template's example row: a complete walk-in with a Spanish DNI (the values are valid). The
 * codes are written as the words of the template's language, as an export writes them (Mujer,
 * DNI, Español, Hermano/a, no, Efectivo in Spanish; Female, Spanish ID card (DNI)… in English).
 */
export const TEMPLATE_EXAMPLE: Record<string, CellValue> = {
  firstName: 'María',
  lastName: 'Núñez',
  secondLastName: 'García',
  gender: 'F',
  dateOfBirth: '1985-04-12',
  nationality: 'ESP',
  documentType: 'D',
  passportNumber: '12345678Z',
  documentSupportNumber: 'ABC123456',
  documentExpeditionDate: '2021-06-01',
  entryDate: '2026-05-01',
  checkOutDate: '2026-05-02',
  language: 'es',
  'contactInfo.email': 'maria.nunez@example.com',
  'contactInfo.phone': '+34 600 000 000',
  'contactInfo.phone2': null,
  'contactInfo.address': null,
  'address.street': 'Calle Mayor 1',
  'address.complement': '2.º B',
  'address.municipalityCode': '09059',
  'address.municipalityName': 'Burgos',
  'address.postalCode': '09001',
  'address.country': 'ESP',
  kinship: null,
  'emergencyContact.name': 'Juan Núñez',
  'emergencyContact.phone': '+34 600 000 001',
  'emergencyContact.relationship': 'sibling',
  'stay.contractReference': null,
  'stay.contractDate': null,
  'stay.entryDateTime': '2026-05-01T17:30:00',
  'stay.exitDateTime': '2026-05-02T08:00:00',
  'stay.numberOfPersons': 1,
  'stay.numberOfRooms': 1,
  'stay.internetBooking': false,
  'stay.paymentType': 'EFECT',
  'stay.paymentDate': '2026-05-01',
  'stay.paymentMethod': null,
  'stay.paymentHolder': null,
  'stay.cardExpiry': null,
};
