import { CLIENT_ERROR_CODES, isApiError } from './api-client';

/**
 * Spec §8, per flow: the server's message when it sent one, else the flow's own default text.
 * Without any answer the API client's connection text is kept; an answer without our envelope
 * (a proxy's 502 page, a body we cannot read) gets the flow's default.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 0) return error.message || fallback;
  if (error.code.startsWith('HTTP_') || error.code === CLIENT_ERROR_CODES.invalidResponse) {
    return fallback;
  }
  return error.message || fallback;
}
