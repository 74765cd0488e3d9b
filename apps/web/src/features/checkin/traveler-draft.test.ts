import { describe, expect, it } from 'vitest';
import { draftHasInput, travelerDraftFrom, withDraft } from './traveler-draft';
import { emptyTravelerValues } from '@/features/traveler/form-model';

describe('a draft of the public form', () => {
  it('holds the typed text only: no photos, no signature, nothing the page sets itself', () => {
    const values = {
      ...emptyTravelerValues('est-1', '2026-07-01'),
      firstName: 'Erika',
      documentType: 'P' as const,
      passportNumber: 'C01X00T47',
      contactInfo: { email: 'erika@example.de', phone: '', phone2: '', address: '' },
      frontDocImage: 'data:image/jpeg;base64,AAAA',
      backDocImage: 'data:image/jpeg;base64,BBBB',
      signatureImage: 'data:image/png;base64,CCCC',
    };
    const draft = travelerDraftFrom(values);
    expect(draft).toMatchObject({
      firstName: 'Erika',
      passportNumber: 'C01X00T47',
      contactInfo: { email: 'erika@example.de' },
    });
    for (const key of [
      'frontDocImage',
      'backDocImage',
      'signatureImage',
      'establishmentId',
      'entryDate',
      'checkOutDate',
      'stay',
    ]) {
      expect(draft).not.toHaveProperty(key);
    }
    expect(draftHasInput(draft)).toBe(true);
  });

  it('drops what the form could not hold, whatever storage gives back', () => {
    expect(travelerDraftFrom(null)).toEqual({});
    expect(travelerDraftFrom('Erika')).toEqual({});
    expect(
      travelerDraftFrom({
        firstName: 42,
        lastName: 'x'.repeat(501),
        documentType: 'Z',
        contactInfo: 'erika@example.de',
        emergencyContact: { name: 'Max', phone: { a: 1 } },
        signatureImage: 'data:image/png;base64,CCCC',
      }),
    ).toEqual({ emergencyContact: { name: 'Max' } });
  });

  it('counts as input only what was typed or chosen, not the starting type and language', () => {
    expect(draftHasInput(travelerDraftFrom(emptyTravelerValues()))).toBe(false);
    expect(draftHasInput({ documentType: 'I', language: 'de' })).toBe(false);
    expect(draftHasInput({ address: { street: '  ' } })).toBe(false);
    expect(draftHasInput({ address: { street: 'Calle Mayor 1' } })).toBe(true);
  });

  it('lies over the starting values field by field', () => {
    const start = emptyTravelerValues('', '2026-07-01');
    const values = withDraft(start, { firstName: 'Erika', contactInfo: { phone: '+49 30 1' } });
    expect(values.firstName).toBe('Erika');
    expect(values.contactInfo).toEqual({ ...start.contactInfo, phone: '+49 30 1' });
    expect(values.entryDate).toBe('2026-07-01');
  });
});
