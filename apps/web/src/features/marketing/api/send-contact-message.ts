import { useMutation } from '@tanstack/react-query';
import { ContactMessageResponseSchema, type ContactMessageInput } from '@hospes/shared/contact';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** POST /api/contact: stored, then e-mailed to support with the sender as Reply-To. */
export function sendContactMessage(input: ContactMessageInput) {
  return api.post(apiPaths.contact, input, { schema: ContactMessageResponseSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
