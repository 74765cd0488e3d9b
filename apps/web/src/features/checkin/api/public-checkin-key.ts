/**
 * The query key of a self check-in link's details (public-checkin.ts). Its own module so that the
 * app's footer can read what the page fetched without the shared schemas (decision 067).
 */
export const publicCheckinKey = (token: string) => ['public-checkin', token] as const;
