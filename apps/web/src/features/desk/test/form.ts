/** Filling in the traveler form in tests, as a person would (Testing Library). */
import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The form field with exactly this label. */
export const field = (label: string) => screen.getByLabelText(label, { exact: true });

export interface TypedTraveler {
  firstName: string;
  lastName: string;
  /** What is typed into the nationality combobox before Enter. */
  nationality: string;
  dateOfBirth: string;
  gender: 'M' | 'F';
  documentNumber: string;
  email: string;
  phone: string;
  emergencyName: string;
  emergencyPhone: string;
  relationship: string;
}

/** A traveler typed in at the desk. */
export const DESK_TRAVELER: TypedTraveler = {
  firstName: 'Lucía',
  lastName: 'Fernández',
  nationality: 'spain',
  dateOfBirth: '1990-05-17',
  gender: 'F',
  documentNumber: 'X1234567',
  email: 'lucia@example.com',
  phone: '+34 600 111 222',
  emergencyName: 'Ana Ruiz',
  emergencyPhone: '+34 600 333 444',
  relationship: 'parent',
};

/** A pilgrim filling in the public self check-in. */
export const PILGRIM_TRAVELER: TypedTraveler = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  nationality: 'germany',
  dateOfBirth: '1983-08-12',
  gender: 'F',
  documentNumber: 'C01X00T47',
  email: 'erika@example.de',
  phone: '+49 30 1234567',
  emergencyName: 'Max Mustermann',
  emergencyPhone: '+49 30 7654321',
  relationship: 'spouse',
};

/** Types every required field of the form. */
export async function fillRequired(user: UserEvent, traveler: TypedTraveler = DESK_TRAVELER) {
  await user.type(field('First name'), traveler.firstName);
  await user.type(field('First surname'), traveler.lastName);
  await user.type(
    screen.getByRole('combobox', { name: 'Nationality' }),
    `${traveler.nationality}{Enter}`,
  );
  fireEvent.change(field('Date of birth'), { target: { value: traveler.dateOfBirth } });
  await user.selectOptions(field('Sex'), traveler.gender);
  await user.type(field('Document number'), traveler.documentNumber);
  // A companion's form starts with the e-mail and phone of the traveler before: typed over.
  await user.clear(field('Email'));
  await user.type(field('Email'), traveler.email);
  await user.clear(field('Phone'));
  await user.type(field('Phone'), traveler.phone);
  await user.type(field('Emergency contact name'), traveler.emergencyName);
  await user.type(field('Emergency contact phone'), traveler.emergencyPhone);
  await user.selectOptions(field('Relationship'), traveler.relationship);
}

/** Draws a stroke on the signature pad (see stubSignaturePad or stubCanvas in fixtures). */
export function drawSignature() {
  const pad = screen.getByRole('img', { name: /Traveler's signature/ });
  fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'pen', clientX: 10, clientY: 10 });
  fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'pen', clientX: 40, clientY: 30 });
  fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'pen', clientX: 60, clientY: 20 });
}
