/**
 * A send to SES.HOSPEDAJES as POST /api/pilgrims/{id}/ses/cancel and /ses/correct answer it: by
 * default a cancellation (operation B) of one parte, just queued; `over` changes any field.
 */
export const queuedSubmission = (over: Record<string, unknown> = {}) => ({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d',
  establishmentId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5e',
  kind: 'PV',
  operation: 'B',
  correctionId: null,
  environment: 'production',
  state: 'queued',
  lote: 'lote-b',
  responseCode: 0,
  responseText: 'Ok',
  failure: null,
  loteState: null,
  loteStateText: null,
  communications: 1,
  counts: { travelers: 1, stored: 0, rejected: 0, pending: 1 },
  sentByName: 'Ana',
  createdAt: '2026-06-02T10:00:00.000Z',
  processedAt: null,
  checkedAt: null,
  checking: true,
  ...over,
});
