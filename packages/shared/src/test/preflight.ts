/** Test data of the pre-flight tests: a French traveler whose data every authority accepts. */
import type { SesTraveler } from '../ses-preflight';

export const traveler = (over: Partial<SesTraveler> = {}): SesTraveler => ({
  id: 't1',
  firstName: 'Jean',
  lastName: 'Dupont',
  nationality: 'FRA',
  passportNumber: '18AB12345',
  documentType: 'P',
  dateOfBirth: '1980-01-01',
  gender: 'M',
  entryDate: '2026-11-28',
  checkOutDate: '2026-11-29',
  contactInfo: { phone: '600000000' },
  address: { street: 'Rue 1', municipalityName: 'Paris', postalCode: '75001', country: 'FRA' },
  stay: { contractReference: 'C-1', contractDate: '2026-11-28', paymentType: 'EFECT' },
  ...over,
});

export const codes = (problems: { code: string; field: string }[]) =>
  problems.map((p) => `${p.field} ${p.code}`);
