import { vi } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';

export const ESTABLISHMENT_ID = '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f';

export function sampleTraveler(overrides: Partial<Traveler> = {}): Traveler {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    reportNumber: '2026/000001',
    source: 'registration',
    firstName: 'Lucía',
    lastName: 'Fernández',
    secondLastName: 'Ruiz',
    nationality: 'ESP',
    documentType: 'D',
    passportNumber: '12345678Z',
    documentSupportNumber: 'CAA123456',
    dateOfBirth: '1990-05-17',
    gender: 'F',
    documentExpeditionDate: '2020-01-10',
    entryDate: '2026-11-20',
    checkOutDate: null,
    daysOfStay: 2,
    stayStatus: 'recent',
    establishmentId: ESTABLISHMENT_ID,
    establishment: { id: ESTABLISHMENT_ID, name: 'Albergue San Roque' },
    language: 'es',
    contactInfo: {
      email: 'lucia@example.com',
      phone: '+34 600 111 222',
      phone2: null,
      address: null,
    },
    address: null,
    kinship: null,
    emergencyContact: { name: 'Ana Ruiz', phone: '+34 600 333 444', relationship: 'parent' },
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
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** jsdom has neither a 2D canvas nor PointerEvent: enough of both to draw a signature. */
export function stubCanvas() {
  if (!('PointerEvent' in window)) {
    class PointerEventStub extends MouseEvent {
      pointerId: number;
      pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    Object.defineProperty(window, 'PointerEvent', { configurable: true, value: PointerEventStub });
  }
  const context = {
    setTransform() {},
    clearRect() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
  };
  return {
    getContext: () => context as unknown as CanvasRenderingContext2D,
    toDataURL: () => 'data:image/png;base64,iVBORw0KGgo=',
  };
}

/** stubCanvas put in place of jsdom's canvas, so that a signature can be drawn in a test. */
export function stubSignaturePad() {
  const canvas = stubCanvas();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    canvas.getContext as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(canvas.toDataURL);
}

/**
 * The registration form's background lookup of the same document (api/same-document), answered
 * with no match and kept out of the recorded calls: `mockApi(routes, NO_SAME_DOCUMENT)`.
 */
export const NO_SAME_DOCUMENT = {
  unrecorded: {
    'GET /api/pilgrims': {
      body: {
        success: true,
        data: [],
        pagination: { total: 0, page: 1, limit: 20, totalPages: 1 },
      },
    },
  },
};

/**
 * The edit form's look, after a save that changed what a parte carries, for a communication to
 * correct (decision 045): nothing sent of the sample traveler, kept out of the recorded calls.
 */
export const NOTHING_SENT_TO_SES = {
  unrecorded: {
    'GET /api/pilgrims/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/ses-communications': {
      body: { success: true, data: [] },
    },
  },
};

/**
 * A parte SES.HOSPEDAJES stored under the code abc-123, as GET /api/pilgrims/{id}/ses-communications
 * lists it: what a correction or a cancellation starts from.
 */
export const STORED_PARTE = {
  submissionId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  kind: 'PV',
  operation: 'A',
  correctionId: null,
  cancellation: null,
  environment: 'production',
  state: 'processed',
  outcome: 'stored',
  lote: 'l1',
  communicationCode: 'abc-123',
  error: null,
  responseText: 'Ok',
  failure: null,
  createdAt: '2026-06-01T18:00:00.000Z',
  processedAt: '2026-06-01T18:00:20.000Z',
};

export { SPECIMEN_SCAN } from '@/test/scan';
