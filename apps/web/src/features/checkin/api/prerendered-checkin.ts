import { PublicCheckinInfoSchema, type PublicCheckinInfo } from '@hospes/shared/checkin';

/** The id of the script element that carries the link's details in a server-rendered page. */
export const PRERENDERED_CHECKIN_ID = 'hospes-checkin';

/**
 * The link's details the server rendered the self check-in page with (decision 079), when they
 * are for `token`: the app starts with them instead of asking again, so the form it renders over
 * the static one is there at once, with what was typed in it.
 */
export function prerenderedCheckin(token: string): PublicCheckinInfo | undefined {
  if (typeof document === 'undefined' || !token) return undefined;
  const text = document.getElementById(PRERENDERED_CHECKIN_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as { token?: unknown; info?: unknown };
    if (value.token !== token) return undefined;
    const parsed = PublicCheckinInfoSchema.safeParse(value.info);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
