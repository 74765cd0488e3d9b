/** The team slice's query keys (decision 058). */
export const teamKeys = {
  all: ['team'] as const,
  /** GET /api/establishments/{id}/team */
  of: (establishmentId: string) => [...teamKeys.all, establishmentId] as const,
  /** GET /api/establishments/{id}/api-keys */
  apiKeys: (establishmentId: string) => [...teamKeys.all, establishmentId, 'api-keys'] as const,
  /** GET /api/auth/sessions: the signed-in user's devices. */
  devices: () => [...teamKeys.all, 'devices'] as const,
  /** GET /api/team/invitation?token= */
  invitation: (token: string) => [...teamKeys.all, 'invitation', token] as const,
};
