/**
 * What a reservation's RH calls for (decision 071, `decide`), from what was sent and the
 * reservation as it is now: the branches the API tests do not reach (a refusal, an unanswered
 * request, one that never left, a cancellation that failed), and the holder's name.
 */
import { describe, expect, it } from 'vitest';
import type { ReservationRow } from '../../db/schema';
import { decide, reservationCommunication, reservationFingerprint } from './reservation-reports';
import type { ReportWithSubmission } from './reservation-reports.repository';

const NOW = new Date('2026-12-01T10:00:00Z');
const reservation = (overrides: Partial<ReservationRow> = {}): ReservationRow =>
  ({
    id: 'r1',
    establishmentId: 'e1',
    holderName: 'Anna Schmidt',
    holderEmail: 'anna@example.de',
    holderPhone: null,
    arrival: '2027-01-10',
    departure: '2027-01-12',
    guests: 2,
    unit: null,
    channel: null,
    paymentType: 'PLATF',
    status: 'confirmed',
    notes: null,
    source: 'manual',
    feedId: null,
    externalUid: null,
    createdBy: null,
    requestKey: null,
    requestHash: null,
    checkinToken: null,
    holderLanguage: null,
    reminderSentAt: null,
    createdAt: new Date('2026-11-20T10:00:00Z'),
    updatedAt: new Date('2026-11-20T10:00:00Z'),
    ...overrides,
  }) as ReservationRow;

let n = 0;
function sent(
  operation: 'A' | 'B',
  state: ReportWithSubmission['submission']['state'],
  at: string,
  report: Partial<ReportWithSubmission['report']> = {},
  loteState: number | null = null,
): ReportWithSubmission {
  n += 1;
  return {
    report: {
      submissionId: `s${n}`,
      reservationId: 'r1',
      orden: 1,
      fingerprint: operation === 'A' ? reservationFingerprint(reservation()) : '',
      guestsSent: 0,
      communicationCode: null,
      errorType: null,
      error: null,
      cancelledBy: null,
      ...report,
    },
    submission: {
      id: `s${n}`,
      operation,
      state,
      loteState,
      environment: 'test',
      createdAt: new Date(at),
      responseText: null,
      failure: null,
    },
  };
}

describe('decide', () => {
  it('sends a new reservation, and nothing while it is on its way or stored as it is', () => {
    expect(decide(reservation(), [], [], 'test', NOW)).toMatchObject({
      state: 'to_send',
      action: 'alta',
      automatic: true,
    });
    const queued = sent('A', 'queued', '2026-11-21T10:00:00Z');
    expect(decide(reservation(), [queued], [], 'test', NOW)).toMatchObject({
      state: 'sent',
      action: null,
    });
    const stored = sent('A', 'processed', '2026-11-21T10:00:00Z', { communicationCode: 'c1' }, 1);
    expect(decide(reservation(), [stored], [], 'test', NOW)).toMatchObject({
      state: 'accepted',
      action: null,
      code: 'c1',
    });
    // What went to the test service does not stand for production.
    expect(decide(reservation(), [stored], [], 'production', NOW).state).toBe('to_send');
  });

  it('does not send a refused one again by itself until the reservation changes', () => {
    const refused = {
      ...sent('A', 'processed', '2026-11-21T10:00:00Z', { error: 'No existe' }, 6),
    };
    expect(decide(reservation(), [refused], [], 'test', NOW)).toMatchObject({
      state: 'refused',
      action: 'alta',
      automatic: false,
      error: 'No existe',
    });
    const changed = reservation({ updatedAt: new Date('2026-11-22T10:00:00Z') });
    expect(decide(changed, [refused], [], 'test', NOW)).toMatchObject({
      state: 'to_send',
      automatic: true,
    });
  });

  it('leaves an unanswered one to the user, and tries one that never left after 5 minutes', () => {
    const unanswered = sent('A', 'uncertain', '2026-11-21T10:00:00Z');
    expect(decide(reservation(), [unanswered], [], 'test', NOW)).toMatchObject({
      state: 'uncertain',
      action: 'alta',
      automatic: false,
    });
    const failedNow = sent('A', 'failed', '2026-12-01T09:58:00Z');
    expect(decide(reservation(), [failedNow], [], 'test', NOW).automatic).toBe(false);
    const failedBefore = sent('A', 'failed', '2026-12-01T09:50:00Z');
    expect(decide(reservation(), [failedBefore], [], 'test', NOW)).toMatchObject({
      state: 'to_send',
      automatic: true,
    });
  });

  it('corrects a change of guests, and does not repeat a cancellation the Ministry refused', () => {
    const stored = sent('A', 'processed', '2026-11-21T10:00:00Z', { communicationCode: 'c1' }, 1);
    const more = reservation({ guests: 3, updatedAt: new Date('2026-11-22T10:00:00Z') });
    expect(decide(more, [stored], [], 'test', NOW)).toMatchObject({
      state: 'correction_pending',
      action: 'cancel',
      automatic: true,
      code: 'c1',
    });
    // Changed and no longer reportable: the stored one stands, nothing is cancelled for nothing.
    expect(decide(more, [stored], ['holderContact'], 'test', NOW)).toMatchObject({
      state: 'unreportable',
      action: null,
      code: 'c1',
    });
    const refusedB = sent('B', 'refused', '2026-11-23T10:00:00Z', { communicationCode: 'c1' });
    expect(decide(more, [stored, refusedB], [], 'test', NOW)).toMatchObject({
      state: 'refused',
      action: 'cancel',
      automatic: false,
    });
    // Its cancellation processed: the new one goes, still a correction.
    const doneB = sent('B', 'processed', '2026-11-23T10:00:00Z', { communicationCode: 'c1' }, 1);
    const cancelledAlta = {
      ...stored,
      report: { ...stored.report, cancelledBy: doneB.report.submissionId },
    };
    expect(decide(more, [cancelledAlta, doneB], [], 'test', NOW)).toMatchObject({
      state: 'correction_pending',
      action: 'alta',
      automatic: true,
    });
  });

  it('says nothing is to report for a booking cancelled before anything was stored', () => {
    expect(decide(reservation({ status: 'cancelled' }), [], [], 'test', NOW)).toMatchObject({
      state: 'none',
      action: null,
    });
  });
});

describe('the holder of the RH', () => {
  const establishment = {
    establishmentCode: 'H1',
    defaultPaymentType: null,
    province: 'Madrid',
    postalCode: '28001',
  };

  it('is the registered guest of the same name, with their record', () => {
    const guest = {
      id: 'p1',
      firstName: 'Anna',
      lastName: 'Schmidt',
      secondLastName: null,
      nationality: 'DEU',
      documentType: 'P',
      passportNumber: 'C01X00T47',
      dateOfBirth: '1988-07-14',
      gender: 'F',
      entryDate: '2027-01-10',
      contactInfo: { email: 'anna@example.de' },
    } as never;
    const { communication } = reservationCommunication(
      reservation({ holderName: 'anna  SCHMIDT' }),
      establishment,
      [guest],
    );
    expect(communication?.holder).toMatchObject({ id: 'p1', passportNumber: 'C01X00T47' });
    expect(communication?.guests).toHaveLength(1);
  });

  it('falls back on the establishment’s payment type, and makes up no surname or contact', () => {
    const { problems } = reservationCommunication(
      reservation({ holderName: 'Reserved', holderEmail: 'not-an-address', paymentType: null }),
      { ...establishment, defaultPaymentType: 'EFECT' },
      [],
    );
    expect(problems).toEqual(['holderSurname', 'holderContact']);
  });
});
