import type { ErrorCode, ErrorDetail } from '@hospes/shared/errors';

/** The one error type services throw; the status and the text come from the code. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  readonly params?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    options: { details?: ErrorDetail[]; cause?: unknown; params?: Record<string, unknown> } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.params = options.params;
  }
}
