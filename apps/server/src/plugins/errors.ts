import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE } from '@hospes/shared/languages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { statusOf, type ErrorCode, type ErrorDetail } from '@hospes/shared/errors';
import { errorMessage, interpolate, validationMessage } from '@hospes/shared/messages';
import { AppError } from '../lib/app-error';

type Issue = { path?: PropertyKey[]; message: string; minimum?: unknown; maximum?: unknown };

/** Turns zod issues into translated field details. */
export function issuesToDetails(
  request: FastifyRequest,
  issues: Issue[],
  prefix = '',
): ErrorDetail[] {
  return issues.map((issue) => {
    const field = [prefix, ...(issue.path ?? []).map(String)].filter(Boolean).join('.');
    return {
      field,
      code: issue.message,
      message: validationMessage(request.lng, issue.message, {
        minimum: issue.minimum,
        maximum: issue.maximum,
      }),
    };
  });
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  details?: ErrorDetail[],
  params?: Record<string, unknown>,
) {
  let message = errorMessage(request.lng, code);
  if (params) {
    message = interpolate(message, params);
    if (typeof params.retryAfter === 'number')
      reply.header('retry-after', String(params.retryAfter));
  }
  return reply.code(statusOf(code)).send({
    success: false,
    code,
    message,
    ...(details && details.length
      ? {
          details: details.map((d) =>
            d.message
              ? d
              : { ...d, message: validationMessage(request.lng, d.code ?? 'validation.invalid') },
          ),
        }
      : {}),
    requestId: request.id,
  });
}

/**
 * The raw HTTP answer to a request Node's parser refused before Fastify saw it (a header or URL
 * over 16 KB, malformed HTTP, headers or a body that did not arrive in time): the error envelope, in Spanish (no language can be read), with the
 * security headers; null when the connection is already gone.
 */
export function clientErrorAnswer(
  error: NodeJS.ErrnoException,
  headers: Record<string, string>,
): string | null {
  if (error.code === 'ECONNRESET') return null;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'BAD_REQUEST';
  const status = statusOf(code);
  const body = JSON.stringify({
    success: false,
    code,
    message: errorMessage(DEFAULT_LANGUAGE, code),
    requestId: randomUUID(),
  });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    body,
  ].join('\r\n');
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  // A URL the router cannot read (see frameworkErrors in app.ts).
  FST_ERR_BAD_URL: 'VALIDATION_FAILED',
  FST_ERR_MAX_PARAM_LENGTH: 'VALIDATION_FAILED',
  // @fastify/csrf-protection: a cookie-authenticated unsafe request without its token (plugins/auth).
  FST_CSRF_INVALID_TOKEN: 'CSRF_TOKEN_INVALID',
  FST_CSRF_MISSING_SECRET: 'CSRF_TOKEN_INVALID',
};

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'VALIDATION_FAILED' : 'INTERNAL';
  }
}

/** One error handler: every error leaves in the envelope, with the catalogue's status. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const status = statusOf(error.code);
      if (status >= 500) request.log.error({ err: error.cause ?? error }, error.code);
      else request.log.info({ code: error.code }, 'request refused');
      return sendError(request, reply, error.code, error.details, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'body' ? '' : (error.validationContext ?? '');
      const details = issuesToDetails(
        request,
        error.validation.map((v) => {
          const params = (v.params ?? {}) as { minimum?: unknown; maximum?: unknown };
          return {
            path: v.instancePath.split('/').filter(Boolean),
            message: v.message ?? 'validation.invalid',
            minimum: params.minimum,
            maximum: params.maximum,
          };
        }),
        where,
      );
      request.log.info({ details }, 'validation failed');
      return sendError(request, reply, 'VALIDATION_FAILED', details);
    }
    return sendFastifyError(request, reply, error);
  });
});

/**
 * A Fastify error (or any other) in the envelope, with the catalogue's code for it: from the error
 * handler, and from frameworkErrors (app.ts) for a URL the router cannot read.
 */
export function sendFastifyError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError,
) {
  const fastifyCode = error.code ? FASTIFY_CODES[error.code] : undefined;
  const status = error.statusCode ?? 500;
  const code = fastifyCode ?? codeForStatus(status);
  if (statusOf(code) >= 500) request.log.error({ err: error }, 'unhandled error');
  else request.log.info({ code, fastifyCode: error.code }, 'request refused');
  return sendError(request, reply, code);
}
