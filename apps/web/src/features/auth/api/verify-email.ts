import { UserSchema, type User } from '@hospes/shared/auth';
import { z } from '@hospes/shared/zod';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * The verification answer, read leniently: spec §4 says a missing token or user makes the
 * auto-login fail silently, so a malformed part becomes `undefined` instead of an error.
 */
const VerifyAnswerSchema = z.object({
  message: z.string().optional().catch(undefined),
  token: z.string().min(1).optional().catch(undefined),
  user: UserSchema.optional().catch(undefined),
});

export interface VerifyAnswer {
  message?: string | undefined;
  token?: string | undefined;
  user?: User | undefined;
}

export function verifyEmail(token: string): Promise<VerifyAnswer> {
  return api.get(apiPaths.auth.verify, {
    query: { token },
    schema: VerifyAnswerSchema,
    skipSessionExpiry: true,
  });
}

const calls = new Map<string, Promise<VerifyAnswer>>();

/**
 * Verification links are single-use: the call must happen once per token, even when React
 * StrictMode runs effects twice or the page remounts. Later callers share the first promise.
 */
export function verifyEmailOnce(
  token: string,
  onFirstSuccess?: (answer: VerifyAnswer) => void,
): Promise<VerifyAnswer> {
  let call = calls.get(token);
  if (!call) {
    call = verifyEmail(token).then((answer) => {
      onFirstSuccess?.(answer);
      return answer;
    });
    calls.set(token, call);
  }
  return call;
}

/** For tests. */
export function forgetVerifyCalls(): void {
  calls.clear();
}
