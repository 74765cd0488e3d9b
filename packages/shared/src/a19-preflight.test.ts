import { describe, expect, it } from 'vitest';
import { preflightA19 } from './a19-preflight';
import { preflightSes, type SesEstablishment } from './ses-preflight';
import { travelerPreflight } from './traveler-preflight';
import { codes, traveler } from './test/preflight';

const establishment: SesEstablishment = {
  name: 'Albergue de Bilbao',
  type: 'hostel',
  nif: 'B95000000',
  address: 'Calle Ribera 1',
  city: 'Bilbao',
  province: 'Bizkaia',
  postalCode: '48005',
  phone: '944000000',
  establishmentCode: '480354',
};

describe('the A19 pre-flight: where the Ertzaintza asks more than SES', () => {
  it('passes a traveler both accept', () => {
    expect(preflightA19([traveler()], establishment, { kind: 'PV' })).toEqual([]);
  });

  it('asks the nationality in a reservation (RH), which SES leaves optional', () => {
    const t = traveler({ nationality: '' });
    expect(preflightSes([t], establishment, { kind: 'RH' })).toEqual([]);
    expect(codes(preflightA19([t], establishment, { kind: 'RH' }))).toEqual([
      'nationality ses.nationalityInvalid',
    ]);
  });

  it('asks the second surname of a Spaniard whatever the document (SES: only with a DNI)', () => {
    const t = traveler({ nationality: 'ESP', secondLastName: null });
    expect(preflightSes([t], establishment, { kind: 'PV' })).toEqual([]);
    expect(codes(preflightA19([t], establishment, { kind: 'PV' }))).toEqual([
      'secondLastName ses.secondSurnameRequiredBornInSpain',
    ]);
    // A foreigner needs none, as with SES.
    expect(
      preflightA19([traveler({ secondLastName: null })], establishment, { kind: 'PV' }),
    ).toEqual([]);
  });

  it('refuses an e-mail longer than A19’s 50 characters (SES takes 250)', () => {
    const t = traveler({ contactInfo: { email: `${'a'.repeat(45)}@example.com` } });
    expect(preflightSes([t], establishment, { kind: 'PV' })).toEqual([]);
    expect(preflightA19([t], establishment, { kind: 'PV' })).toEqual([
      { travelerId: 't1', field: 'contactInfo.email', code: 'ses.tooLong', params: { max: 50 } },
    ]);
  });

  it('is the one the traveler list and form read for a Basque establishment', () => {
    const t = traveler({ nationality: 'ESP', secondLastName: '' });
    expect(travelerPreflight(t, false)).toEqual([]);
    expect(codes(travelerPreflight(t, false, 'a19'))).toEqual([
      'secondLastName ses.secondSurnameRequiredBornInSpain',
    ]);
  });
});
