/** The billing slice's query keys (decision 070). */
export const billingKeys = {
  all: ['billing'] as const,
  /** GET /api/billing: the caller's account. */
  summary: () => [...billingKeys.all, 'summary'] as const,
  /** GET /api/admin/billing */
  admin: (page: number) => [...billingKeys.all, 'admin', page] as const,
};
