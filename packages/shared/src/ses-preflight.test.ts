import { describe, expect, it } from 'vitest';
import enSes from './locales/en/ses.json';
import esSes from './locales/es/ses.json';
import {
  ageOn,
  isMinor,
  preflightSes,
  SES_PROBLEM_CODES,
  sesDateTime,
  sesDocumentType,
  sesProblemText,
  sesSex,
  type SesEstablishment,
  type SesProblem,
  type SesTraveler,
} from './ses-preflight';

const establishment: SesEstablishment = {
  name: 'Albergue O Cebreiro',
  type: 'hostel',
  nif: 'B58378431',
  address: 'Rúa Principal 1',
  city: 'Pedrafita do Cebreiro',
  province: 'Lugo',
  postalCode: '27671',
  phone: '+34 982 000 000',
  establishmentCode: '0000001234',
};

/** A Spanish adult with a DNI whose data pass every rule. */
function spaniard(overrides: Partial<SesTraveler> = {}): SesTraveler {
  return {
    id: 't-es',
    firstName: 'José',
    lastName: 'Núñez',
    secondLastName: 'García',
    nationality: 'ESP',
    passportNumber: '12345678Z',
    documentType: 'D',
    documentSupportNumber: 'ABC123456',
    documentExpeditionDate: '2020-01-15',
    dateOfBirth: '1980-05-17',
    gender: 'M',
    entryDate: '2026-06-01',
    checkOutDate: '2026-06-02',
    contactInfo: { email: 'jose@example.es', phone: '+34 600 000 000' },
    address: {
      street: 'Calle Mayor 5, 2º B',
      municipalityCode: '28079',
      postalCode: '28013',
      country: 'ESP',
    },
    stay: { contractReference: 'R-2026-0001', contractDate: '2026-05-20', paymentType: 'EFECT' },
    ...overrides,
  };
}

const codes = (problems: SesProblem[]) => problems.map((p) => `${p.field}:${p.code}`);
const pv = (travelers: SesTraveler[], est: SesEstablishment = establishment) =>
  preflightSes(travelers, est, { kind: 'PV' });
const rh = (travelers: SesTraveler[], est: SesEstablishment = establishment) =>
  preflightSes(travelers, est, { kind: 'RH' });

describe('SES pre-flight check', () => {
  it('finds nothing wrong with complete data, in a parte and in a reservation', () => {
    const foreigner = spaniard({
      id: 't-fr',
      nationality: 'FRA',
      documentType: 'P',
      passportNumber: '19AB12345',
      documentSupportNumber: null,
      secondLastName: null,
      address: {
        street: '3 rue de la Paix',
        municipalityName: 'Paris',
        postalCode: '75002',
        country: 'FRA',
      },
    });
    expect(pv([spaniard(), foreigner])).toEqual([]);
    expect(rh([spaniard(), foreigner])).toEqual([]);
  });

  it('requires the establishment code, at most 10 characters', () => {
    expect(pv([spaniard()], { ...establishment, establishmentCode: null })).toEqual([
      {
        travelerId: null,
        field: 'establishment.establishmentCode',
        code: 'ses.establishmentCodeRequired',
      },
    ]);
    expect(pv([spaniard()], { ...establishment, establishmentCode: '12345678901' })).toEqual([
      {
        travelerId: null,
        field: 'establishment.establishmentCode',
        code: 'ses.tooLong',
        params: { max: 10 },
      },
    ]);
  });

  it('requires the second surname with a DNI (NIF)', () => {
    expect(codes(pv([spaniard({ secondLastName: ' ' })]))).toEqual([
      'secondLastName:ses.secondSurnameRequiredForNif',
    ]);
    // Not with a passport
    expect(
      pv([spaniard({ documentType: 'P', passportNumber: 'PAB123456', secondLastName: null })]),
    ).toEqual([]);
  });

  it('requires the support number with a DNI or a NIE, at most 9 characters', () => {
    expect(codes(pv([spaniard({ documentSupportNumber: '' })]))).toEqual([
      'documentSupportNumber:ses.supportNumberRequired',
    ]);
    const nie = spaniard({
      documentType: 'N',
      passportNumber: 'X2482300W',
      nationality: 'MAR',
      documentSupportNumber: null,
    });
    expect(codes(pv([nie]))).toEqual(['documentSupportNumber:ses.supportNumberRequired']);
    expect(pv([spaniard({ documentSupportNumber: 'ABC1234567' })])).toEqual([
      {
        travelerId: 't-es',
        field: 'documentSupportNumber',
        code: 'ses.tooLong',
        params: { max: 9 },
      },
    ]);
    // A reservation has no support number
    expect(rh([spaniard({ documentSupportNumber: null })])).toEqual([]);
  });

  it('checks the format of a DNI and a NIE', () => {
    expect(codes(pv([spaniard({ passportNumber: '12345678A' })]))).toEqual([
      'passportNumber:ses.documentNumberInvalid',
    ]);
    expect(codes(pv([spaniard({ documentType: 'N', passportNumber: 'X2482300A' })]))).toEqual([
      'passportNumber:ses.documentNumberInvalid',
    ]);
    expect(pv([spaniard({ passportNumber: '12345678-z' })])).toEqual([]);
  });

  it('requires at least one of phone, second phone and e-mail, and a valid e-mail', () => {
    expect(codes(pv([spaniard({ contactInfo: {} })]))).toEqual(['contactInfo:ses.contactRequired']);
    expect(pv([spaniard({ contactInfo: { phone2: '600000000' } })])).toEqual([]);
    expect(pv([spaniard({ contactInfo: { email: 'a@b.es' } })])).toEqual([]);
    expect(
      codes(pv([spaniard({ contactInfo: { email: 'jose@localhost', phone: '600' } })])),
    ).toEqual(['contactInfo.email:ses.emailInvalid']);
    expect(codes(rh([spaniard({ contactInfo: { email: null, phone: '' } })]))).toEqual([
      'contactInfo:ses.contactRequired',
    ]);
    expect(
      codes(pv([spaniard({ contactInfo: { phone: '+34 600 000 000 000 000 000' } })])),
    ).toEqual(['contactInfo.phone:ses.tooLong']);
  });

  it('requires the relationship of a minor (under 18 at arrival), and no document', () => {
    const child = spaniard({
      id: 't-child',
      dateOfBirth: '2018-06-02', // turns 8 the day after arrival
      passportNumber: null,
      documentSupportNumber: null,
      contactInfo: { phone: '+34 600 000 000' },
    });
    // With the parent, in the same contract.
    expect(codes(pv([spaniard(), child]))).toEqual(['kinship:ses.kinshipRequiredForMinor']);
    expect(pv([spaniard(), { ...child, kinship: 'HJ' }])).toEqual([]);
    expect(codes(pv([spaniard(), { ...child, kinship: 'XX' as never }]))).toEqual([
      'kinship:ses.kinshipInvalid',
    ]);
    // Not in a reservation
    expect(rh([child])).toEqual([]);
  });

  it('refuses a contract of minors alone: a minor is reported with an adult of the same contract', () => {
    const child = (id: string) =>
      spaniard({
        id,
        dateOfBirth: '2015-01-01',
        passportNumber: null,
        documentSupportNumber: null,
        kinship: 'HJ',
        // A walk-in without a reference of its own: a contract of its own (its report number).
        stay: { contractDate: '2026-06-01', paymentType: 'EFECT' },
      });
    const parent = spaniard({ stay: { contractDate: '2026-06-01', paymentType: 'EFECT' } });
    const withReference = (t: SesTraveler) => ({
      ...t,
      stay: { ...t.stay, contractReference: `N-${t.id}` },
    });
    // Registered one by one, each has a contract of its own: the two children are alone in theirs.
    expect(
      codes(pv([withReference(parent), withReference(child('c1')), withReference(child('c2'))])),
    ).toEqual([
      'stay.contractReference:ses.minorWithoutAdult',
      'stay.contractReference:ses.minorWithoutAdult',
    ]);
    // One reference for the family: fine.
    const family = (t: SesTraveler) => ({ ...t, stay: { ...t.stay, contractReference: 'F-1' } });
    expect(pv([family(parent), family(child('c1')), family(child('c2'))])).toEqual([]);
    // Not in a reservation, where minors need nothing.
    expect(rh([withReference(child('c1'))])).toEqual([]);
  });

  it('refuses values of one contract that its travelers give differently, and too few persons', () => {
    const a = spaniard({
      stay: {
        contractReference: 'B1',
        contractDate: '2026-05-20',
        paymentType: 'EFECT',
        numberOfPersons: 3,
      },
    });
    const b = spaniard({
      id: 't-b',
      passportNumber: '00000000T',
      stay: { contractReference: 'B1', paymentType: 'TARJT', numberOfPersons: 3 },
    });
    const c = spaniard({
      id: 't-c',
      passportNumber: '00000001R',
      stay: { contractReference: 'B1', contractDate: '2026-05-01' },
    });
    expect(pv([a, b, c])).toEqual([
      {
        travelerId: 't-c',
        field: 'stay.contractDate',
        code: 'ses.contractValueDiffers',
        params: { reference: 'B1' },
      },
      {
        travelerId: 't-b',
        field: 'stay.paymentType',
        code: 'ses.contractValueDiffers',
        params: { reference: 'B1' },
      },
    ]);
    // Three travelers of one contract that says one person.
    const one = (t: SesTraveler) => ({ ...t, stay: { ...t.stay, numberOfPersons: 1 } });
    expect(
      pv([
        one(a),
        { ...b, stay: { contractReference: 'B1' } },
        { ...c, stay: { contractReference: 'B1' } },
      ]),
    ).toEqual([
      {
        travelerId: 't-es',
        field: 'stay.numberOfPersons',
        code: 'ses.numberOfPersonsTooFew',
        params: { count: 3 },
      },
    ]);
  });

  it('requires document type and number from the 18th birthday', () => {
    const eighteen = spaniard({
      dateOfBirth: '2008-06-01',
      passportNumber: '',
      documentSupportNumber: null,
    });
    expect(isMinor(eighteen)).toBe(false);
    expect(codes(pv([eighteen]))).toEqual(['passportNumber:ses.documentRequiredForAdult']);
    const almost = { ...eighteen, dateOfBirth: '2008-06-02', kinship: 'HJ' as const };
    expect(isMinor(almost)).toBe(true);
    expect(pv([spaniard({ id: 't-parent' }), almost])).toEqual([]);
    // The arrival time counts, not the registration date
    expect(isMinor({ ...almost, stay: { entryDateTime: '2026-06-02T01:00' } })).toBe(false);
  });

  it('requires the INE municipality code (5 digits) in Spain and the municipality name elsewhere', () => {
    const address = spaniard().address!;
    expect(codes(pv([spaniard({ address: { ...address, municipalityCode: '280796' } })]))).toEqual([
      'address.municipalityCode:ses.municipalityCodeRequired',
    ]);
    expect(
      codes(
        pv([
          spaniard({ address: { ...address, municipalityCode: null, municipalityName: 'Madrid' } }),
        ]),
      ),
    ).toEqual(['address.municipalityCode:ses.municipalityCodeRequired']);
    const abroad = { street: 'Via Roma 1', postalCode: '00100', country: 'ITA' };
    expect(codes(pv([spaniard({ address: abroad })]))).toEqual([
      'address.municipalityName:ses.municipalityNameRequired',
    ]);
    expect(pv([spaniard({ address: { ...abroad, municipalityName: 'Roma' } })])).toEqual([]);
  });

  it('requires a code of the INE list, in the province of the postal code (decision 026)', () => {
    const address = spaniard().address!;
    // A postal code typed as the INE code: 15800 is Melide's postal code, no municipality's code.
    expect(codes(pv([spaniard({ address: { ...address, municipalityCode: '15800' } })]))).toEqual([
      'address.municipalityCode:ses.municipalityCodeUnknown',
    ]);
    // Pedrafita do Cebreiro (Lugo) with a postal code of Madrid.
    expect(
      codes(
        pv([spaniard({ address: { ...address, municipalityCode: '27045', postalCode: '28013' } })]),
      ),
    ).toEqual(['address.municipalityCode:ses.municipalityNotInPostalCodeProvince']);
    expect(
      pv([spaniard({ address: { ...address, municipalityCode: '27045', postalCode: '27671' } })]),
    ).toEqual([]);
    expect(sesProblemText('es', { code: 'ses.municipalityCodeUnknown' })).toBe(
      'El código de municipio no figura en la lista de municipios del INE',
    );
  });

  it('requires the home address: street, postal code and an alpha-3 country', () => {
    expect(codes(pv([spaniard({ address: null })]))).toEqual(['address:ses.addressRequired']);
    const broken = { street: '', municipalityName: 'Lisboa', postalCode: '', country: 'PT' };
    expect(codes(pv([spaniard({ address: broken })]))).toEqual([
      'address.street:ses.streetRequired',
      'address.postalCode:ses.postalCodeRequired',
      'address.country:ses.countryInvalid',
    ]);
    // Optional in a reservation
    expect(rh([spaniard({ address: null })])).toEqual([]);
  });

  it('requires the contract reference and date, the payment type and the check-out', () => {
    const t = spaniard({
      checkOutDate: null,
      stay: { paymentType: 'CASH' as never, cardExpiry: '13/2027' },
    });
    expect(codes(pv([t]))).toEqual([
      'stay.contractReference:ses.contractReferenceRequired',
      'stay.contractDate:ses.contractDateInvalid',
      'checkOutDate:ses.checkOutRequired',
      'stay.paymentType:ses.paymentTypeInvalid',
      'stay.cardExpiry:ses.cardExpiryInvalid',
    ]);
    expect(codes(rh([spaniard({ stay: null })]))).toEqual([
      'stay.contractReference:ses.contractReferenceRequired',
      'stay.contractDate:ses.contractDateInvalid',
      'stay.paymentType:ses.paymentTypeRequired',
    ]);
    expect(codes(pv([spaniard({ checkOutDate: '2026-05-31' })]))).toEqual([
      'checkOutDate:ses.checkOutBeforeEntry',
    ]);
    expect(
      codes(
        pv([
          spaniard({
            stay: {
              ...spaniard().stay,
              numberOfPersons: 0,
              numberOfRooms: 1.5,
              paymentDate: '2026-02-30',
            },
          }),
        ]),
      ),
    ).toEqual([
      'stay.paymentDate:ses.paymentDateInvalid',
      'stay.numberOfPersons:ses.numberInvalid',
      'stay.numberOfRooms:ses.numberInvalid',
    ]);
  });

  it('checks the contract once per stay: travelers sharing a reference share its data', () => {
    const partner = spaniard({
      id: 't-partner',
      firstName: 'Ana',
      passportNumber: '00000000T',
      stay: { contractReference: 'R-2026-0001' },
    });
    expect(pv([spaniard(), partner])).toEqual([]);
    // Missing everywhere: reported once, on the first traveler of the stay
    const a = spaniard({ stay: { contractReference: 'R-9' } });
    const b = { ...partner, stay: { contractReference: 'R-9' } };
    expect(pv([a, b])).toEqual([
      { travelerId: 't-es', field: 'stay.contractDate', code: 'ses.contractDateInvalid' },
      { travelerId: 't-es', field: 'stay.paymentType', code: 'ses.paymentTypeRequired' },
    ]);
  });

  it('checks the lengths of names (50), document number (15) and the nationality code', () => {
    const long = 'A'.repeat(51);
    expect(codes(pv([spaniard({ firstName: long, lastName: '', secondLastName: long })]))).toEqual([
      'lastName:ses.lastNameRequired',
      'firstName:ses.tooLong',
      'secondLastName:ses.tooLong',
    ]);
    // Characters, not bytes: 50 CJK characters are fine
    expect(
      pv([
        spaniard({ documentType: 'P', passportNumber: 'E12345678', firstName: '伟'.repeat(50) }),
      ]),
    ).toEqual([]);
    expect(codes(pv([spaniard({ documentType: 'P', passportNumber: 'P'.repeat(16) })]))).toEqual([
      'passportNumber:ses.tooLong',
    ]);
    expect(codes(pv([spaniard({ nationality: 'ES' })]))).toEqual([
      'nationality:ses.nationalityInvalid',
    ]);
    expect(codes(pv([spaniard({ firstName: '' })]))).toEqual(['firstName:ses.firstNameRequired']);
  });

  it('checks dates of birth and arrival', () => {
    expect(codes(pv([spaniard({ dateOfBirth: '1980-02-30' })]))).toEqual([
      'dateOfBirth:ses.dateOfBirthInvalid',
    ]);
    expect(codes(pv([spaniard({ dateOfBirth: '2026-07-01' })]))).toContain(
      'dateOfBirth:ses.dateOfBirthAfterEntry',
    );
    expect(
      codes(pv([spaniard({ entryDate: 'tomorrow', stay: { ...spaniard().stay } })])),
    ).toContain('entryDate:ses.entryDateInvalid');
  });

  it('reports a self check-in in a parte only once the desk confirmed the arrival (decision 033)', () => {
    const pending = spaniard({ awaitingConfirmation: true });
    expect(pv([pending])).toEqual([
      { travelerId: pending.id, field: 'selfRegistration', code: 'ses.notConfirmed' },
    ]);
    // A reservation may come before the arrival; a confirmed one is a parte like any other.
    expect(rh([pending])).toEqual([]);
    expect(pv([spaniard({ awaitingConfirmation: false })])).toEqual([]);
  });

  // Manual §3.1.1.1, numeroDocumento: "Deberá corresponder al tipo de documento del campo
  // tipoDocumento, y tener un formato válido en el caso de NIF o NIE."
  it('refuses a DNI saved as a passport: "deberá corresponder al tipo de documento del campo tipoDocumento"', () => {
    const asPassport = spaniard({ documentType: 'P', documentSupportNumber: null });
    expect(codes(pv([asPassport]))).toEqual(['passportNumber:ses.dniAsPassport']);
    // However written (lower case, spaces, a dash), and in a reservation too.
    expect(codes(pv([{ ...asPassport, passportNumber: '12345678-z' }]))).toEqual([
      'passportNumber:ses.dniAsPassport',
    ]);
    expect(codes(rh([asPassport]))).toEqual(['passportNumber:ses.dniAsPassport']);
    // Saved as a DNI it is fine; a Spanish passport (3 letters, 6 digits) is fine.
    expect(pv([spaniard()])).toEqual([]);
    expect(pv([spaniard({ documentType: 'P', passportNumber: 'PAA123456' })])).toEqual([]);
    // Eight digits and a wrong check letter are no DNI: a passport number like any other.
    expect(pv([{ ...asPassport, passportNumber: '12345678A' }])).toEqual([]);
    // A foreigner holds no DNI: a passport of that shape may pass the check letter by chance.
    expect(
      pv([
        {
          ...asPassport,
          nationality: 'ARG',
          secondLastName: null,
          address: { ...asPassport.address!, country: 'ARG', municipalityName: 'Rosario' },
        },
      ]),
    ).toEqual([]);
    expect(sesProblemText('es', { code: 'ses.dniAsPassport' })).toMatch(
      /corresponder al tipo de documento/,
    );
  });

  // Manual §3.1.1.1: fechaContrato is the "Fecha en la que se formalizó el contrato", fechaEntrada
  // the "Fecha y hora de entrada en el alojamiento".
  it('refuses a contract date after the arrival: "fecha en la que se formalizó el contrato"', () => {
    const late = spaniard({
      stay: { contractReference: 'R-1', contractDate: '2026-06-02', paymentType: 'EFECT' },
    });
    expect(codes(pv([late]))).toEqual(['stay.contractDate:ses.contractDateAfterEntry']);
    expect(codes(rh([late]))).toEqual(['stay.contractDate:ses.contractDateAfterEntry']);
    // The arrival is the stay's entry time when given: a contract of the day of arrival is fine,
    // whatever the hour.
    const sameDay = spaniard({
      entryDate: '2026-05-31',
      stay: {
        contractReference: 'R-1',
        contractDate: '2026-06-01',
        entryDateTime: '2026-06-01T21:30:00',
        paymentType: 'EFECT',
      },
    });
    expect(pv([sameDay])).toEqual([]);
    expect(
      codes(pv([{ ...sameDay, stay: { ...sameDay.stay, entryDateTime: '2026-05-31T23:00:00' } }])),
    ).toEqual(['stay.contractDate:ses.contractDateAfterEntry']);
    expect(sesProblemText('en', { code: 'ses.contractDateAfterEntry' })).toMatch(
      /after the arrival/,
    );
  });

  // Manual §3.1.1.1, parentesco, "Obligatorio si la persona es menor de edad": "Si alguna de las
  // personas es menor de edad, al menos una de las personas mayores de edad ha de tener informada
  // su relación de parentesco con esta persona menor de edad (padre, madre, abuelo/a, hermano/a,...)".
  it('refuses a minor without a relation to an adult of the same stay: "al menos una de las personas mayores de edad ha de tener informada su relación de parentesco"', () => {
    const family = {
      contractReference: 'F-7',
      contractDate: '2026-06-01',
      paymentType: 'EFECT' as const,
    };
    const parent = spaniard({ stay: family });
    // 17 on the day of arrival: a minor, without a document.
    const child = spaniard({
      id: 't-minor',
      dateOfBirth: '2008-06-02',
      passportNumber: null,
      documentSupportNumber: null,
      stay: family,
    });
    // No relation given: refused on the minor.
    expect(codes(pv([parent, child]))).toEqual(['kinship:ses.kinshipRequiredForMinor']);
    // A relation, but no adult in the stay to be related to: refused too.
    const alone = { ...child, kinship: 'HJ' as const };
    expect(codes(pv([alone]))).toEqual(['stay.contractReference:ses.minorWithoutAdult']);
    // The adult and the relation, in one stay: fine. 18 on the day of arrival is an adult.
    expect(pv([parent, alone])).toEqual([]);
    expect(pv([{ ...spaniard(), dateOfBirth: '2008-06-01', stay: family }])).toEqual([]);
    expect(sesProblemText('es', { code: 'ses.kinshipRequiredForMinor' })).toMatch(/parentesco/);
  });

  it('has a text in es and en for every problem code', () => {
    const keys = SES_PROBLEM_CODES.map((c) => c.slice(4)).sort();
    expect(Object.keys(esSes).sort()).toEqual(keys);
    expect(Object.keys(enSes).sort()).toEqual(keys);
    expect(sesProblemText('en', { code: 'ses.tooLong', params: { max: 50 } })).toBe(
      'Too long for the Ministry: at most 50 characters',
    );
    expect(sesProblemText('de', { code: 'ses.lastNameRequired' })).toBe('Der erste Nachname fehlt');
    expect(sesProblemText('sv' as never, { code: 'ses.lastNameRequired' })).toBe(
      'Falta el primer apellido',
    );
  });
});

describe('SES code mapping and dates', () => {
  it('maps document types and sexes to the SES catalogues', () => {
    expect(['D', 'N', 'P', 'C', 'I', 'X'].map((t) => sesDocumentType(t as never))).toEqual([
      'NIF',
      'NIE',
      'PAS',
      'OTRO',
      'OTRO',
      'OTRO',
    ]);
    expect(['M', 'F', 'O'].map((g) => sesSex(g as never))).toEqual(['H', 'M', 'O']);
  });

  it('writes xsd:dateTime values, with 00:00 when only the date is known', () => {
    expect(sesDateTime('2026-06-01T18:30')).toBe('2026-06-01T18:30:00');
    expect(sesDateTime('2026-06-01 18:30:15.123+02:00')).toBe('2026-06-01T18:30:15+02:00');
    expect(sesDateTime(null, '2026-06-01')).toBe('2026-06-01T00:00:00');
    expect(sesDateTime('2026-06-01T25:00')).toBeNull();
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});
