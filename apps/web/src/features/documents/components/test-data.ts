/** What the document dialogs' tests share: an establishment and a traveler. */
export const ESTABLISHMENT_ID = '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f';
export const lucia = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  firstName: 'Lucía',
  lastName: 'Fernández',
  secondLastName: 'Ruiz',
  establishmentId: ESTABLISHMENT_ID,
  contactInfo: { email: 'lucia@example.com' },
  language: 'de',
};
