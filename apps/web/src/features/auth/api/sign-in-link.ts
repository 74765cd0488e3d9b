import { useMutation } from '@tanstack/react-query';
import { AuthResponseSchema, type AuthResponse } from '@hospes/shared/auth';
import { MessageResponseSchema } from '@hospes/shared/common';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * Asks for a one-time sign-in link by e-mail (decision 049): the same neutral message whether or
 * not the e-mail has an account.
 */
export function requestSignInLink(email: string) {
  return api.post(apiPaths.auth.signInLink, { email }, { schema: MessageResponseSchema });
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}

function postSignInLink(token: string): Promise<AuthResponse> {
  return api.post(
    apiPaths.auth.useSignInLink,
    { token },
    { schema: AuthResponseSchema, skipSessionExpiry: true },
  );
}

const calls = new Map<string, Promise<AuthResponse>>();

/**
 * Sign-in links are single-use: the call happens once per token, even when React StrictMode runs
 * effects twice or the page remounts. Later callers share the first promise.
 */
export function signInWithLinkOnce(
  token: string,
  onFirstSuccess?: (answer: AuthResponse) => void,
): Promise<AuthResponse> {
  let call = calls.get(token);
  if (!call) {
    call = postSignInLink(token).then((answer) => {
      onFirstSuccess?.(answer);
      return answer;
    });
    calls.set(token, call);
  }
  return call;
}

/** For tests. */
export function forgetSignInLinkCalls(): void {
  calls.clear();
}
