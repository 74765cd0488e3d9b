import { randomInt, randomUUID } from 'node:crypto';
import { cifControl, dniLetter } from '@hospes/shared/spanish-ids';

export function randomDni(): string {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return digits + dniLetter(digits);
}

export function randomCif(first = 'B'): string {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return first + digits + cifControl(digits).digit;
}

export function uniqueEmail(prefix = 'owner'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export function registrationBody(
  overrides: { email?: string; nif?: string; password?: string; name?: string } = {},
) {
  return {
    establishment: {
      name: overrides.name ?? 'Albergue de Peregrinos San Roque',
      type: 'hostel',
      nif: overrides.nif ?? randomCif(),
      address: 'Rúa do Vilar 12',
      city: 'Santiago de Compostela',
      province: 'A Coruña',
      postalCode: '15705',
      phone: '+34 981 000 000',
    },
    contact: { contactName: 'María Núñez', contactEmail: 'contacto@example.com' },
    account: {
      name: 'María Núñez',
      email: overrides.email ?? uniqueEmail(),
      password: overrides.password ?? 'camino-2026',
    },
    acceptTerms: true,
    acceptPrivacy: true,
  };
}
