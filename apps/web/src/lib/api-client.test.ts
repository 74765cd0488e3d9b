import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from '@hospes/shared/zod';
import { UPLOAD_TIMEOUT_MS } from '@/config/constants';
import { apiFailure, mockApi, TEST_CSRF_TOKEN } from '@/test/utils';
import {
  api,
  ApiError,
  applyServerFieldErrors,
  configureApiClient,
  resetApiClientForTests,
} from './api-client';
import { i18n } from './i18n';
import { hasSession, markSessionStarted } from './session-presence';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('api client', () => {
  beforeEach(() => resetApiClientForTests());
  afterEach(() => {
    resetApiClientForTests();
    vi.useRealTimers();
  });

  it('sends JSON with the session cookie (same origin), the CSRF token and the interface language', async () => {
    await i18n.changeLanguage('es');
    const { calls, fetchMock } = mockApi({ 'POST /api/things': { body: { success: true } } });

    await api.post('/things', { a: 1 });

    // The session is an HttpOnly cookie: no Authorization header, nothing read from storage.
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);
    expect(calls[0]?.headers.get('accept-language')).toBe('es');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.url.searchParams.get('lng')).toBe('es');
    expect(calls[0]?.body).toEqual({ a: 1 });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/auth/csrf-token',
      '/api/things?lng=es',
    ]);
    for (const [, init] of fetchMock.mock.calls) {
      expect(init).toMatchObject({ credentials: 'same-origin' });
    }
  });

  it('asks for the CSRF token once, only for calls that change something', async () => {
    const { calls, fetchMock } = mockApi({
      'GET /api/x': { body: { ok: true } },
      'PUT /api/x': { body: { ok: true } },
      'DELETE /api/x': { body: { ok: true } },
    });
    await api.get('/x');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls[0]?.headers.has('x-csrf-token')).toBe(false);
    await Promise.all([api.put('/x', {}), api.delete('/x')]);
    await api.put('/x', {});
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).includes('csrf-token'));
    expect(asked).toHaveLength(1);
    expect(calls.slice(1).map((c) => c.headers.get('x-csrf-token'))).toEqual([
      TEST_CSRF_TOKEN,
      TEST_CSRF_TOKEN,
      TEST_CSRF_TOKEN,
    ]);
  });

  it('asks for a new CSRF token and sends the call once more when the server refuses the old one', async () => {
    let tokens = 0;
    let posts = 0;
    const { calls } = mockApi({
      'GET /api/auth/csrf-token': () => ({ body: { success: true, token: `csrf-${++tokens}` } }),
      'POST /api/things': (call) =>
        call.headers.get('x-csrf-token') === 'csrf-2'
          ? { body: { success: true, n: ++posts } }
          : apiFailure(403, 'CSRF_TOKEN_INVALID', 'Security token out of date.'),
    });
    await expect(api.post('/things', { a: 1 })).resolves.toEqual({ success: true, n: 1 });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /api/auth/csrf-token',
      'POST /api/things',
      'GET /api/auth/csrf-token',
      'POST /api/things',
    ]);
    expect(calls[3]?.body).toEqual({ a: 1 });
  });

  it('sends a call once more at most: a second CSRF refusal is the caller’s error, a plain 403 is not retried', async () => {
    const { calls } = mockApi({
      'POST /api/things': apiFailure(403, 'CSRF_TOKEN_INVALID', 'Security token out of date.'),
      'POST /api/other': apiFailure(403, 'FORBIDDEN', 'No.'),
    });
    expect(await failureOf(api.post('/things', {}))).toMatchObject({
      status: 403,
      code: 'CSRF_TOKEN_INVALID',
    });
    expect(calls.filter((c) => c.url.pathname === '/api/things')).toHaveLength(2);
    expect(await failureOf(api.post('/other', {}))).toMatchObject({ code: 'FORBIDDEN' });
    expect(calls.filter((c) => c.url.pathname === '/api/other')).toHaveLength(1);
  });

  it('sends a call without the CSRF token when it cannot be had (a public call needs none)', async () => {
    const { calls } = mockApi({
      'GET /api/auth/csrf-token': apiFailure(503, 'SERVICE_UNAVAILABLE', 'Unavailable.'),
      'POST /api/contact': { body: { success: true } },
    });
    await api.post('/contact', {});
    const post = calls.find((c) => c.url.pathname === '/api/contact');
    expect(post?.headers.has('x-csrf-token')).toBe(false);
  });

  it('parses a success with the schema, and rejects an answer that does not match', async () => {
    mockApi({
      'GET /api/good': { body: { success: true, value: 3 } },
      'GET /api/bad': { body: { success: true } },
    });
    const schema = z.object({ success: z.literal(true), value: z.number() });
    await expect(api.get('/good', { schema })).resolves.toEqual({ success: true, value: 3 });
    const error = await failureOf(api.get('/bad', { schema }));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('turns the error envelope into an ApiError with the server message and details', async () => {
    mockApi({
      'POST /api/things': apiFailure(400, 'VALIDATION_FAILED', 'Error in the data sent', [
        { field: 'establishment.nif', message: 'Invalid NIF/CIF', code: 'validation.nifInvalid' },
      ]),
    });
    const error = await failureOf(api.post('/things', {}));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Error in the data sent',
      requestId: 'req-1',
    });
    expect(error.details).toEqual([
      { field: 'establishment.nif', message: 'Invalid NIF/CIF', code: 'validation.nifInvalid' },
    ]);
  });

  it.each([
    [400, 'Error in the data sent'],
    [422, 'Error in the data sent'],
    [403, 'You do not have permission to perform this action'],
    [500, 'Server error. Please try again later.'],
    [503, 'Service temporarily unavailable. Please try again later.'],
    [502, 'Error in the request. Please try again.'],
    [418, 'Error in the request. Please try again.'],
  ])('falls back to the spec §8 text for a bare %i', async (status, text) => {
    mockApi({ 'GET /api/x': { status } });
    const error = await failureOf(api.get('/x'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(text);
  });

  it('reports a network failure as "no response"', async () => {
    mockApi({ 'GET /api/x': new TypeError('Failed to fetch') });
    const error = await failureOf(api.get('/x'));
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'No response from the server. Check your internet connection.',
    });
  });

  it('reports an answer whose body breaks off as "no response", not as a bad answer', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":tr'));
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(broken, { status: 200 })),
    );
    const error = await failureOf(api.get('/auth/me', { schema: z.object({ user: z.string() }) }));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('gives up after 15 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('Aborted', 'AbortError')),
            );
          }),
      ),
    );
    const pending = failureOf(api.get('/slow'));
    await vi.advanceTimersByTimeAsync(14_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe('TIMEOUT');
    expect(error.status).toBe(0);
  });

  describe('a slow link', () => {
    const tooSlow =
      'The connection is too slow and the request did not finish in time. Nothing you entered has been lost: try again, on a better connection if you can.';

    /** A server that answers `afterMs` after the request starts (the upload's time). */
    function answerAfter(afterMs: number) {
      vi.useFakeTimers();
      const fetchMock = vi.fn((url: string, init: RequestInit) =>
        url.includes('/auth/csrf-token')
          ? Promise.resolve(new Response(JSON.stringify({ success: true, token: 'csrf' })))
          : new Promise<Response>((resolve, reject) => {
              const timer = setTimeout(
                () => resolve(new Response(JSON.stringify({ success: true, data: null }))),
                afterMs,
              );
              init.signal?.addEventListener('abort', () => {
                clearTimeout(timer);
                reject(new DOMException('Aborted', 'AbortError'));
              });
            }),
      );
      vi.stubGlobal('fetch', fetchMock);
      return fetchMock;
    }

    // A DNI with two photos: 1.12 MB of JSON, which takes 75 s at 120 kbit/s.
    const registration = { frontDocImage: 'x'.repeat(1_120_000) };

    it('lets a 1.12 MB registration finish at 120 kbit/s, past the 60 s base limit', async () => {
      answerAfter(75_000);
      const pending = api.post('/pilgrims', registration, { timeoutMs: UPLOAD_TIMEOUT_MS });
      await vi.advanceTimersByTimeAsync(75_000);
      await expect(pending).resolves.toEqual({ success: true, data: null });
    });

    it('gives a body its time at 40 kbit/s on top of the limit, then says the link is too slow', async () => {
      answerAfter(10 * 60_000);
      const pending = failureOf(
        api.post('/pilgrims', registration, { timeoutMs: UPLOAD_TIMEOUT_MS }),
      );
      // 60 s + 1,120,020 bytes at 5,000 bytes/s (224.004 s).
      expect(JSON.stringify(registration)).toHaveLength(1_120_020);
      await vi.advanceTimersByTimeAsync(60_000 + 224_004 - 1);
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: tooSlow });
      expect(error.message).not.toBe(
        'No response from the server. Check your internet connection.',
      );
    });

    it('counts the files of a multipart upload (a document scan)', async () => {
      answerAfter(10 * 60_000);
      const form = new FormData();
      form.append('document', new Blob([new Uint8Array(600_000)], { type: 'image/jpeg' }));
      const pending = failureOf(api.post('/ocr/process-document', form, { timeoutMs: 60_000 }));
      await vi.advanceTimersByTimeAsync(60_000 + 120_000 - 1);
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ code: 'TIMEOUT', message: tooSlow });
    });

    it('a call without a body keeps its own limit', async () => {
      answerAfter(10 * 60_000);
      const pending = failureOf(api.get('/pilgrims'));
      await vi.advanceTimersByTimeAsync(15_000);
      expect(await pending).toMatchObject({ code: 'TIMEOUT', message: tooSlow });
    });
  });

  describe('401', () => {
    it('marks the session ended, says it expired and signs out after 1.5 s', async () => {
      vi.useFakeTimers();
      markSessionStarted({ remember: true });
      const onSessionExpired = vi.fn();
      configureApiClient({ onSessionExpired });
      const toastError = vi.spyOn(toast, 'error');
      mockApi({
        'GET /api/auth/me': apiFailure(
          401,
          'SESSION_EXPIRED',
          'Your session has expired. Please log in again.',
        ),
      });

      const error = await failureOf(api.get('/auth/me'));

      expect(error.status).toBe(401);
      expect(hasSession()).toBe(false);
      expect(toastError).toHaveBeenCalledWith(
        'Your session has expired. Please log in again.',
        expect.anything(),
      );
      await vi.advanceTimersByTimeAsync(1_499);
      expect(onSessionExpired).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(onSessionExpired).toHaveBeenCalledTimes(1);
    });

    it('on the login call shows no session message and does not redirect', async () => {
      vi.useFakeTimers();
      const onSessionExpired = vi.fn();
      configureApiClient({ onSessionExpired });
      const toastError = vi.spyOn(toast, 'error');
      mockApi({
        'POST /api/auth/login': apiFailure(
          401,
          'UNAUTHENTICATED',
          'You need to log in to continue.',
        ),
      });

      await failureOf(api.post('/auth/login', {}, { skipSessionExpiry: true }));
      await vi.advanceTimersByTimeAsync(2_000);

      expect(toastError).not.toHaveBeenCalled();
      expect(onSessionExpired).not.toHaveBeenCalled();
    });

    it.each(['CURRENT_PASSWORD_INCORRECT', 'INVALID_CREDENTIALS', 'VERIFICATION_LINK_INVALID'])(
      'with code %s is an answer about the form: the session stays',
      async (code) => {
        vi.useFakeTimers();
        markSessionStarted({ remember: true });
        const onSessionExpired = vi.fn();
        configureApiClient({ onSessionExpired });
        const toastError = vi.spyOn(toast, 'error');
        mockApi({
          'POST /api/auth/change-password': apiFailure(401, code, 'Current password is incorrect.'),
        });

        const error = await failureOf(api.post('/auth/change-password', {}));
        await vi.advanceTimersByTimeAsync(2_000);

        expect(error.code).toBe(code);
        expect(hasSession()).toBe(true);
        expect(toastError).not.toHaveBeenCalled();
        expect(onSessionExpired).not.toHaveBeenCalled();
      },
    );

    it('redirects once when several calls fail together', async () => {
      vi.useFakeTimers();
      const onSessionExpired = vi.fn();
      configureApiClient({ onSessionExpired });
      mockApi({ 'GET /api/x': apiFailure(401, 'SESSION_EXPIRED', 'expired') });
      await Promise.all([failureOf(api.get('/x')), failureOf(api.get('/x'))]);
      await vi.advanceTimersByTimeAsync(3_000);
      expect(onSessionExpired).toHaveBeenCalledTimes(1);
    });
  });
});

describe('applyServerFieldErrors', () => {
  it('puts each detail on its dotted field, once, and reports the fields it set', () => {
    const setError = vi.fn();
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Error in the data sent',
      details: [
        { field: 'establishment.nif', message: 'Invalid NIF/CIF' },
        { field: 'account.email', message: 'Invalid email address' },
        { field: 'account.email', message: 'second message for the same field' },
        { field: 'somethingElse', message: 'not on this form' },
      ],
    });

    const fields = applyServerFieldErrors(error, setError, {
      knownFields: ['establishment.nif', 'account.email'],
    });

    expect(fields).toEqual(['establishment.nif', 'account.email']);
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenCalledWith(
      'establishment.nif',
      { type: 'server', message: 'Invalid NIF/CIF' },
      { shouldFocus: false },
    );
  });

  it('reads array indexes as dotted paths and ignores anything that is not an ApiError', () => {
    const setError = vi.fn();
    applyServerFieldErrors(
      new ApiError({
        status: 400,
        code: 'X',
        message: 'x',
        details: [{ field: 'items[2].name', message: 'm' }],
      }),
      setError,
    );
    expect(setError).toHaveBeenCalledWith(
      'items.2.name',
      { type: 'server', message: 'm' },
      { shouldFocus: false },
    );
    expect(applyServerFieldErrors(new Error('boom'), setError)).toEqual([]);
  });
});
