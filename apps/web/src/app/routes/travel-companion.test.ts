import { describe, expect, it } from 'vitest';
import type { CreateTravelerInput } from '@hospes/shared/travelers';
import { travelCompanionOf, withoutCopiedValues } from './travel-companion';

const registered = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  passportNumber: 'C01X00T47',
  contactInfo: { email: 'erika@example.de', phone: '+49 30 1234567', phone2: '+49 170 5555555' },
  emergencyContact: { name: 'Max Mustermann', phone: '+49 30 7654321', relationship: 'spouse' },
} as unknown as CreateTravelerInput;

describe('travel companion: what the next person of a group starts from', () => {
  it('takes the home address, e-mail and phone, as form text, and nothing of the person', () => {
    const companion = travelCompanionOf({
      ...registered,
      contactInfo: { ...registered.contactInfo, address: 'Calle Mayor 1, Madrid' },
      address: {
        street: 'Calle Mayor 1',
        complement: null,
        municipalityCode: '28079',
        municipalityName: 'Madrid',
        postalCode: '28013',
        country: 'ESP',
      },
    });
    expect(companion).toEqual({
      name: 'Erika',
      hasAddress: true,
      values: {
        contactInfo: {
          email: 'erika@example.de',
          phone: '+49 30 1234567',
          phone2: '',
          address: 'Calle Mayor 1, Madrid',
        },
        address: {
          street: 'Calle Mayor 1',
          complement: '',
          municipalityCode: '28079',
          municipalityName: 'Madrid',
          postalCode: '28013',
          country: 'ESP',
        },
      },
    });
  });

  it('copies an empty address when none was given, and says so', () => {
    const companion = travelCompanionOf({ ...registered, address: null });
    expect(companion.hasAddress).toBe(false);
    expect(Object.values(companion.values.address).every((value) => value === '')).toBe(true);
    expect(companion.values.contactInfo.address).toBe('');
  });

  it('clears only what is still as copied', () => {
    const companion = travelCompanionOf({ ...registered, address: null });
    const cleared = withoutCopiedValues(
      {
        contactInfo: {
          email: 'erika@example.de',
          phone: '+49 30 9999999',
          phone2: '+49 170 1',
          address: '',
        },
        address: { ...companion.values.address, street: 'Rúa Nova 2' },
      },
      companion,
    );
    expect(cleared.values.contactInfo).toEqual({
      email: '',
      phone: '+49 30 9999999',
      phone2: '+49 170 1',
      address: '',
    });
    expect(cleared.values.address).toMatchObject({ street: 'Rúa Nova 2', country: '' });
    expect(cleared.marks).toEqual({});
  });
});
