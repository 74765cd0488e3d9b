import type { ScanResult } from '@hospes/shared/mrz';

/** What the OCR endpoint reads from the German specimen passport (Erika Mustermann). */
export const SPECIMEN_SCAN: ScanResult = {
  documentType: 'P',
  passportNumber: 'C01X00T47',
  firstName: 'ERIKA',
  lastName: 'MUSTERMANN',
  secondLastName: '',
  dateOfBirth: '1983-08-12',
  nationality: 'DEU',
  gender: 'F',
  documentExpeditionDate: '',
  expirationDate: '2027-10-31',
  issuingCountry: 'DEU',
  mrzFormat: 'TD3',
  confirmed: {
    documentType: false,
    passportNumber: true,
    firstName: false,
    lastName: false,
    secondLastName: false,
    dateOfBirth: true,
    nationality: false,
    gender: false,
    documentExpeditionDate: false,
    expirationDate: true,
    issuingCountry: false,
  },
};
