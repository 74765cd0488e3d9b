import { describe, expect, it } from 'vitest';
import {
  defaultedFields,
  NO_REPORT_DEFAULTS,
  suggestedReportDefaults,
  WalkInNightsSchema,
  withReportDefaults,
  type DefaultableRecord,
} from './report-defaults';
import { UpdateEstablishmentInputSchema } from './establishments';

const walkIn: DefaultableRecord = {
  entryDate: '2026-12-31',
  checkOutDate: null,
  stay: { exitDateTime: null, paymentType: null },
};
const albergue = { defaultPaymentType: 'EFECT' as const, walkInNights: 1 };

describe('report defaults (decision 042)', () => {
  it('completes a walk-in: check-out the entry plus the nights, the payment type', () => {
    const done = withReportDefaults(walkIn, albergue);
    expect(done).toEqual({
      entryDate: '2026-12-31',
      checkOutDate: '2027-01-01',
      stay: { exitDateTime: null, paymentType: 'EFECT' },
    });
    expect(defaultedFields(walkIn, done)).toEqual(['checkOutDate', 'stay.paymentType']);
    expect(
      withReportDefaults(walkIn, { defaultPaymentType: null, walkInNights: 3 }).checkOutDate,
    ).toBe('2027-01-03');
  });

  it('never replaces a value given, and leaves the record alone without defaults', () => {
    const given: DefaultableRecord = {
      entryDate: '2026-06-01',
      checkOutDate: '2026-06-04',
      stay: { exitDateTime: null, paymentType: 'TARJT' },
    };
    expect(withReportDefaults(given, albergue)).toBe(given);
    // A check-out time counts as a check-out: no date is made up beside it.
    const timed = { ...walkIn, stay: { exitDateTime: '2027-01-02T09:00:00', paymentType: null } };
    expect(withReportDefaults(timed, albergue).checkOutDate).toBeNull();
    expect(withReportDefaults(walkIn, NO_REPORT_DEFAULTS)).toBe(walkIn);
    expect(defaultedFields(walkIn, walkIn)).toEqual([]);
  });

  it('suggests cash and one night for a pilgrim hostel, nothing for other types', () => {
    expect(suggestedReportDefaults('hostel')).toEqual(albergue);
    expect(suggestedReportDefaults('hotel')).toEqual(NO_REPORT_DEFAULTS);
  });

  it('takes 1 to 30 nights and a TIPO_PAGO code on the establishment', () => {
    expect(WalkInNightsSchema.safeParse('2').data).toBe(2);
    for (const bad of [0, 31, 1.5])
      expect(WalkInNightsSchema.safeParse(bad).error?.issues[0]?.message).toBe(
        'validation.walkInNights',
      );
    const base = {
      name: 'Albergue',
      type: 'hostel',
      nif: 'B58378431',
      address: 'Rúa 1',
      city: 'Sarria',
      province: 'Lugo',
      postalCode: '27600',
      phone: '+34 982 000 000',
      contactName: 'Ana',
      contactEmail: 'ana@example.es',
    };
    const parsed = UpdateEstablishmentInputSchema.parse({
      ...base,
      defaultPaymentType: 'efect',
      walkInNights: '1',
    });
    expect([parsed.defaultPaymentType, parsed.walkInNights]).toEqual(['EFECT', 1]);
    const cleared = UpdateEstablishmentInputSchema.parse({
      ...base,
      defaultPaymentType: '',
      walkInNights: '',
    });
    expect([cleared.defaultPaymentType, cleared.walkInNights]).toEqual([null, null]);
    expect(
      UpdateEstablishmentInputSchema.safeParse({ ...base, defaultPaymentType: 'CASH' }).success,
    ).toBe(false);
  });
});
