/** Business constants of spec §9 that the web app uses. */

/** Every request gives up after this many milliseconds. */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The base limit of a call that can carry images (document photos, a signature) or be slow to
 * answer (the document reader). Like every limit it grows with the body (see below).
 * A retry sends the same Idempotency-Key, so waiting longer never registers twice.
 */
export const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * A request's limit grows by the time its body takes to send at this rate (5,000 bytes/s =
 * 40 kbit/s, a poor but working mobile link): a 1.1 MB registration gets 60 s + 224 s, so a
 * slow connection that still moves finishes, instead of failing and re-sending it all.
 */
export const SLOWEST_UPLOAD_BYTES_PER_SECOND = 5_000;

/** After a 401 the user sees the session-expired toast, then goes to /login after this delay. */
export const SESSION_EXPIRED_REDIRECT_MS = 1_500;

/** The session cookie lives one day with "Remember me" (the server's session lifetime). */
/** The server's default session lifetime (SESSION_HOURS), shown until it answers. */
export const SESSION_HOURS_DEFAULT = 24;

/** The server accepts a device token this many days after the sign-in that gave it. */
export const DEVICE_COOKIE_DAYS = 180;

/** The language cookie `i18next` lives 30 days. */
export const LANGUAGE_COOKIE_DAYS = 30;

/** Toast timings: 4 s default and error, 2 s success, loading until dismissed, 20 at most. */
export const TOAST_DURATION_MS = { default: 4_000, error: 4_000, success: 2_000 } as const;
export const TOAST_LIMIT = 20;

/** The header becomes compact (collapsible menu) below this width, in CSS pixels. */
export const COMPACT_HEADER_BELOW_PX = 1242;

/**
 * The server's HttpOnly cookies (decision 050), named here for the cookie page only: no script can
 * read them. With COOKIE_SECURE the server names them `__Host-…` (`__Secure-…` for the device's).
 */
export const SERVER_COOKIES = {
  session: 'hospes_session',
  csrf: 'hospes_csrf',
  device: 'hospes_device',
} as const;

/** What earlier versions kept readable by scripts; removed at start (lib/session-presence.ts). */
export const LEGACY_STORAGE_KEYS = { token: 'auth_token', devices: 'hospes.devices' } as const;

/** Storage keys kept in localStorage / cookies. */
export const STORAGE_KEYS = {
  theme: 'theme',
  cookieConsent: 'cookieConsent',
  language: 'i18nextLng',
  languageCookie: 'i18next',
  /** sessionStorage: the code of the registration just sent on a check-in link (this tab). */
  selfRegistration: 'selfRegistration',
  /**
   * sessionStorage: what a traveler typed on a check-in link (this tab), text only, so that a
   * reload does not lose it (app/routes/use-checkin-draft.ts).
   */
  checkinDraft: 'checkinDraft',
  /**
   * sessionStorage: when this tab last reloaded itself for a new version of the app, so that it
   * does not reload again and again (lib/chunk-load.ts).
   */
  reloadedForUpdate: 'hospes.reloadedForUpdate',
  /** localStorage: the desk's registration mode last chosen on this device (decision 064). */
  deskEntryMode: 'hospes.deskEntryMode',
  /**
   * localStorage: the signed-in user, their memberships and the establishments the desk registers
   * at, so that the desk opens without a connection (lib/offline-session.ts, decision 073).
   * Removed at sign-out and when the server says the session has ended.
   */
  offlineSession: 'hospes.offlineSession',
} as const;
