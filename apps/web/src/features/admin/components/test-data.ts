import { screen } from '@testing-library/react';
import type { Traveler } from '@hospes/shared/travelers';
import type { Establishment } from '@hospes/shared/establishments';

/** An establishment as the API answers it, for the admin component tests. */
export function sampleEstablishment(overrides: Partial<Establishment> = {}): Establishment {
  return {
    id: '8b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a12',
    name: 'Albergue San Roque',
    type: 'hostel',
    nif: 'B58378431',
    status: 'active',
    address: 'Rúa do Vilar 1',
    city: 'Santiago de Compostela',
    province: 'A Coruña',
    postalCode: '15705',
    phone: '+34 600 123 456',
    contactName: 'Marta Pérez',
    contactEmail: 'marta@sanroque.example',
    establishmentCode: null,
    landlordCode: null,
    authority: 'ses',
    authorityIsDefault: true,
    includeDocumentImagesInPdf: false,
    keepDocumentImages: true,
    defaultPaymentType: null,
    walkInNights: null,
    emergencyContactOptional: false,
    reservationReminderDays: 2,
    autoConfirmReservationCheckins: false,
    pilgrimsCount: 0,
    lastLogin: null,
    lastActivity: null,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

/** A traveler as the API answers it. */
export function sampleTraveler(overrides: Partial<Traveler> = {}): Traveler {
  return {
    id: '6a0c3a52-5f0e-4c43-9a56-3b8f3f0e2a14',
    reportNumber: '2026/000001',
    source: 'registration',
    firstName: 'Hans',
    lastName: 'Müller',
    secondLastName: 'Schmidt',
    nationality: 'DEU',
    documentType: 'P',
    passportNumber: 'PA1234567',
    documentSupportNumber: null,
    dateOfBirth: '1980-05-17',
    gender: 'M',
    documentExpeditionDate: '2020-01-10',
    entryDate: '2026-03-01',
    checkOutDate: '2026-03-02',
    daysOfStay: 1,
    stayStatus: null,
    establishmentId: '8b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a12',
    establishment: { id: '8b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a12', name: 'Albergue San Roque' },
    language: 'de',
    contactInfo: { email: 'hans@example.de', phone: '+49 30 1234567', phone2: null, address: null },
    address: null,
    kinship: null,
    emergencyContact: { name: 'Greta Müller', phone: '+49 30 7654321', relationship: 'spouse' },
    stay: {
      contractReference: null,
      contractDate: null,
      entryDateTime: null,
      exitDateTime: null,
      numberOfPersons: null,
      numberOfRooms: null,
      internetBooking: null,
      paymentType: null,
      paymentDate: null,
      paymentMethod: null,
      paymentHolder: null,
      cardExpiry: null,
    },
    documentUploads: [],
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** A toast with this text (react-hot-toast renders toasts in its own region). */
export function findToast(text: string) {
  return screen.findByText(text, { selector: '[data-rht-toaster] *' });
}
