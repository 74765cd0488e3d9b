import toast from 'react-hot-toast';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { CsrfTokenResponseSchema } from '@hospes/shared/auth';
import { ApiErrorResponseSchema, type ErrorDetail } from '@hospes/shared/errors';
import type { z } from '@hospes/shared/zod';
import { API_BASE, apiPaths } from '@/config/paths';
import {
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRED_REDIRECT_MS,
  SLOWEST_UPLOAD_BYTES_PER_SECOND,
} from '@/config/constants';
import { currentLanguage, i18n } from './i18n';
import { markSessionEnded } from './session-presence';

/** Codes of a client-side failure (no HTTP answer, or an answer we cannot use). */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

/**
 * 401 codes that are an answer about what the user typed, not an ended session: they must
 * never log the user out (spec §8).
 */
export const NON_SESSION_401_CODES: ReadonlySet<string> = new Set([
  'CURRENT_PASSWORD_INCORRECT',
  'INVALID_CREDENTIALS',
  'VERIFICATION_LINK_INVALID',
]);

/** Every failed call throws this: HTTP status (0 without an answer), catalogue code, message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: ErrorDetail[];
    requestId?: string;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** Parses a successful answer; a mismatch throws ApiError INVALID_RESPONSE. */
  schema?: z.ZodType<T>;
  /**
   * Leaves a 401 to the caller: no session-expired toast, no redirect (the login call, the
   * start-up /me check and logout use it). The session is still marked ended, as spec §4 says.
   */
  skipSessionExpiry?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Headers of this call (an `Idempotency-Key`, say), besides the ones every call sends. */
  headers?: Record<string, string>;
}

export interface ApiClientHooks {
  /** Called SESSION_EXPIRED_REDIRECT_MS after a 401: clear the user and go to /login. */
  onSessionExpired?: () => void;
  /**
   * Asked at once on a session 401 (after the session is marked ended): true when the app deals with
   * it in place (a login dialog over a form with unsaved input), so no toast and no redirect.
   */
  holdSessionExpiry?: () => boolean;
}

/** Codes of a refusal by the account's plan (decision 070): the app offers the way to upgrade. */
export const PLAN_REFUSAL_CODES: ReadonlySet<string> = new Set([
  'PLAN_LIMIT',
  'SUBSCRIPTION_SUSPENDED',
]);
type PlanRefusalListener = (error: ApiError) => void;
const planRefusalListeners = new Set<PlanRefusalListener>();

/** Listens for answers refused by the plan (from any call); answers the unsubscribe. */
export function onPlanRefusal(listener: PlanRefusalListener): () => void {
  planRefusalListeners.add(listener);
  return () => planRefusalListeners.delete(listener);
}

let hooks: ApiClientHooks = {};
let sessionExpiryTimer: ReturnType<typeof setTimeout> | undefined;

/** Wires the client to the app (the router and the auth state live outside this module). */
export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

/** The spec §8 fallback text for a status, used when the server sends no message. */
export function fallbackMessage(status: number): string {
  const t = i18n.t.bind(i18n);
  if (status === 0) return t('common:api.noResponse');
  if (status === 401) return t('common:api.sessionExpired');
  if (status === 403) return t('common:api.forbidden');
  if (status === 400 || status === 422) return t('common:api.badRequest');
  if (status === 500) return t('common:api.serverError');
  if (status === 503) return t('common:api.unavailable');
  return t('common:api.requestError');
}

function buildUrl(path: string, query: Query | undefined, lng: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  params.set('lng', lng);
  return `${API_BASE}${path}?${params.toString()}`;
}

async function readJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The answer broke off (the connection was lost, or the page is being left or reloaded):
    // no answer, as when none came; never a refusal of the session.
    throw new ApiError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      message: fallbackMessage(0),
    });
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function handleUnauthorized(error: ApiError, skipSessionExpiry: boolean | undefined) {
  if (NON_SESSION_401_CODES.has(error.code)) return;
  markSessionEnded();
  if (skipSessionExpiry) return;
  if (hooks.holdSessionExpiry?.()) return;
  toast.error(i18n.t('common:api.sessionExpired'), { id: 'session-expired' });
  if (sessionExpiryTimer) return;
  sessionExpiryTimer = setTimeout(() => {
    sessionExpiryTimer = undefined;
    hooks.onSessionExpired?.();
  }, SESSION_EXPIRED_REDIRECT_MS);
}

/** The bytes a request body puts on the wire (a multipart body: its files and fields). */
function bodyBytes(body: string | FormData | undefined): number {
  if (body === undefined) return 0;
  if (typeof body === 'string') return new Blob([body]).size;
  let bytes = 0;
  for (const [, value] of body.entries()) {
    bytes += typeof value === 'string' ? new Blob([value]).size : value.size;
  }
  return bytes;
}

/**
 * The time allowed for a request: `timeoutMs`, plus the time its body takes to send at
 * SLOWEST_UPLOAD_BYTES_PER_SECOND (a slow link still finishes a large upload).
 */
function timeLimitMs(timeoutMs: number, body: string | FormData | undefined): number {
  return timeoutMs + Math.ceil((bodyBytes(body) * 1000) / SLOWEST_UPLOAD_BYTES_PER_SECOND);
}

// ---------------------------------------------------------------------------------------------
// CSRF (decision 050): the session is an HttpOnly cookie, so a request the cookie authenticates
// with a method that changes something must carry the token GET /api/auth/csrf-token gives, in
// X-CSRF-Token. It is asked for once per page load, before the first such request, and again
// when the server refuses one as CSRF_TOKEN_INVALID (that request is then sent once more).

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'X-CSRF-Token';
let csrfToken: Promise<string | undefined> | null = null;

/** The CSRF token, asked for at most once at a time; undefined when it cannot be had. */
function currentCsrfToken(): Promise<string | undefined> {
  if (csrfToken) return csrfToken;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  csrfToken = fetch(`${API_BASE}${apiPaths.auth.csrfToken}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal: controller.signal,
  })
    .then(async (response) => {
      const parsed = CsrfTokenResponseSchema.safeParse(await readJson(response));
      if (!response.ok || !parsed.success) throw new Error('no CSRF token');
      return parsed.data.token;
    })
    .catch(() => {
      // Asked again next time; this request goes without it (a public call needs none, and a
      // signed-in one is refused and said so).
      csrfToken = null;
      return undefined;
    })
    .finally(() => clearTimeout(timer));
  return csrfToken;
}

async function isCsrfRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const parsed = ApiErrorResponseSchema.safeParse(await readJson(response.clone()));
  return parsed.success && parsed.data.code === 'CSRF_TOKEN_INVALID';
}

type SendOptions = {
  method: string;
  query?: RequestOptions<unknown>['query'];
  body?: unknown;
  accept: string;
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/**
 * Sends one request (see sendOnce); a refusal for want of a valid CSRF token is answered by asking
 * for a new token and sending the request once more.
 */
async function send(
  path: string,
  options: SendOptions,
): Promise<{ response: Response; release: () => void }> {
  const first = await sendOnce(path, options);
  if (SAFE_METHODS.has(options.method) || !(await isCsrfRefusal(first.response))) return first;
  first.release();
  csrfToken = null;
  return sendOnce(path, options);
}

/**
 * Sends one request with the session cookie (same origin), the CSRF token on a method that
 * changes something, and the interface language, and waits for the answer's headers within
 * `timeoutMs` plus the time its body needs on a slow link; a lost connection or the timeout become
 * an ApiError (status 0; TIMEOUT says the connection is too slow, not that it is gone). The
 * caller's own signal aborts it until `release()` is called.
 */
async function sendOnce(
  path: string,
  options: SendOptions,
): Promise<{ response: Response; release: () => void }> {
  const { method, query, body, accept, timeoutMs, signal } = options;
  const lng = currentLanguage();
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: accept,
    'Accept-Language': lng,
  };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  // A FormData body (a file upload) sets its own multipart content type.
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (!SAFE_METHODS.has(method)) {
    const token = await currentCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }

  const payload = body === undefined ? undefined : isForm ? body : JSON.stringify(body);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    timeLimitMs(timeoutMs, payload),
  );
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  const release = () => signal?.removeEventListener('abort', onOuterAbort);

  try {
    const response = await fetch(buildUrl(path, query, lng), {
      method,
      headers,
      credentials: 'same-origin',
      body: payload,
      signal: controller.signal,
    });
    return { response, release };
  } catch (cause) {
    release();
    if (signal?.aborted && !timedOut) throw cause;
    throw new ApiError(
      timedOut
        ? {
            status: 0,
            code: CLIENT_ERROR_CODES.timeout,
            message: i18n.t('common:api.timeout'),
          }
        : { status: 0, code: CLIENT_ERROR_CODES.network, message: fallbackMessage(0) },
    );
  } finally {
    // The timeout covers the wait for the answer; a long file may then take its time.
    clearTimeout(timer);
  }
}

/** The ApiError of a failed answer (spec §8), with the 401 handling applied. */
function errorFromResponse(
  response: Response,
  payload: unknown,
  skipSessionExpiry: boolean | undefined,
): ApiError {
  const parsed = ApiErrorResponseSchema.safeParse(payload);
  const envelope = parsed.success ? parsed.data : undefined;
  const error = new ApiError({
    status: response.status,
    code: envelope?.code ?? `HTTP_${response.status}`,
    message: envelope?.message || fallbackMessage(response.status),
    details: envelope?.details,
    requestId: envelope?.requestId ?? response.headers.get('x-request-id') ?? undefined,
  });
  if (response.status === 401) handleUnauthorized(error, skipSessionExpiry);
  if (PLAN_REFUSAL_CODES.has(error.code))
    for (const listener of planRefusalListeners) listener(error);
  return error;
}

/**
 * The one way to call the API: JSON, the session cookie (same origin), the CSRF token, the interface
 * language (`?lng=` and Accept-Language), a 15 s timeout, spec §8's generic handling.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    schema,
    skipSessionExpiry,
    timeoutMs = REQUEST_TIMEOUT_MS,
  } = options;
  const { response, release } = await send(path, {
    method,
    query,
    body,
    accept: 'application/json',
    timeoutMs,
    signal: options.signal,
    headers: options.headers,
  });
  release();
  const payload = await readJson(response);
  if (!response.ok) throw errorFromResponse(response, payload, skipSessionExpiry);

  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: i18n.t('common:api.requestError'),
    });
  }
  return parsed.data;
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  delete: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Puts the server's field errors (`details[].field`, dotted paths such as `establishment.nif`)
 * on a react-hook-form form. Returns the fields it set, so the caller can, for example, jump to
 * the wizard step holding the first one. Fields the form does not know are skipped.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  options: { knownFields?: readonly string[]; shouldFocus?: boolean } = {},
): FieldPath<TValues>[] {
  if (!isApiError(error)) return [];
  const applied: FieldPath<TValues>[] = [];
  for (const detail of error.details) {
    const field = detail.field.replace(/\[(\d+)\]/g, '.$1');
    if (!field || (options.knownFields && !options.knownFields.includes(field))) continue;
    if (applied.includes(field as FieldPath<TValues>)) continue;
    setError(
      field as FieldPath<TValues>,
      { type: 'server', message: detail.message || detail.code || '' },
      { shouldFocus: options.shouldFocus === true && applied.length === 0 },
    );
    applied.push(field as FieldPath<TValues>);
  }
  return applied;
}

/** For tests: forget a pending session-expiry redirect. */
export function resetApiClientForTests(): void {
  if (sessionExpiryTimer) clearTimeout(sessionExpiryTimer);
  sessionExpiryTimer = undefined;
  hooks = {};
  csrfToken = null;
}

// ---------------------------------------------------------------------------------------------
// File downloads

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** The Content-Length of the answer, when the server sent one (null: unknown, streamed). */
  total: number | null;
}

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  query?: Query;
  /** A JSON body (POST). */
  body?: unknown;
  /** The file name when the answer has no Content-Disposition file name. */
  defaultFileName: string;
  /** Told as the body streams in (from the first byte on). */
  onProgress?: (progress: DownloadProgress) => void;
  /** Told once the answer's headers are in and the file starts to arrive. */
  onStarted?: (headers: Headers) => void;
  /** Save the file through a temporary link (default true); false only returns it. */
  save?: boolean;
  /** Time allowed for the answer's headers (the body may take longer). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  fileName: string;
  blob: Blob;
  headers: Headers;
}

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 6266) first, then
 * `filename="…"` or a bare `filename=…`; null without one.
 */
export function fileNameFromDisposition(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name.replace(/[\\/]/g, '_') : null;
}

/** Saves a blob as a file: an object URL and a temporary `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

async function readBody(response: Response, onProgress?: (p: DownloadProgress) => void) {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const reader = response.body?.getReader();
  if (!reader) {
    const blob = await response.blob();
    onProgress?.({ received: blob.size, total });
    return blob;
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress?.({ received, total });
  }
  return new Blob(chunks, { type });
}

/**
 * A file from the API (PDF, export, template, SES file): the same session cookie, language and
 * error handling as `apiRequest`, the body streamed with progress, the name taken from
 * Content-Disposition (else `defaultFileName`), then saved through an object URL.
 */
export async function apiDownload(path: string, options: DownloadOptions): Promise<DownloadedFile> {
  const { method = 'GET', query, body, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  // The outer signal stays connected while the body streams; `release` disconnects it.
  const { response, release } = await send(path, {
    method,
    query,
    body,
    accept: '*/*',
    timeoutMs,
    signal: options.signal,
  });
  try {
    if (!response.ok) throw errorFromResponse(response, await readJson(response), false);

    options.onStarted?.(response.headers);
    let blob: Blob;
    try {
      blob = await readBody(response, options.onProgress);
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError({
        status: 0,
        code: CLIENT_ERROR_CODES.network,
        message: fallbackMessage(0),
      });
    }
    const fileName =
      fileNameFromDisposition(response.headers.get('content-disposition')) ??
      options.defaultFileName;
    if (options.save !== false) saveBlob(blob, fileName);
    return { fileName, blob, headers: response.headers };
  } finally {
    release();
  }
}
