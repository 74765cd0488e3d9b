import { useQueryClient } from '@tanstack/react-query';
import type { RegistrationCalls } from '../registration-attempt';
import { createPilgrim } from './create-pilgrim';
import { invalidateAfterPilgrimChange } from './keys';
import { updatePilgrim } from './update-pilgrim';

/**
 * The calls a desk registration is sent with, by its form or by the send queue (decision 032):
 * the API, then the lists and counts refreshed. They outlive the form that made them: a
 * registration let go to the queue is sent or retried after its form has gone.
 */
export function useRegistrationCalls(): RegistrationCalls {
  const queryClient = useQueryClient();
  return {
    create: async (input, key) => {
      const answer = await createPilgrim({ input, key });
      void invalidateAfterPilgrimChange(queryClient);
      return answer.data;
    },
    update: async (id, input) => {
      const answer = await updatePilgrim({ id, input });
      void invalidateAfterPilgrimChange(queryClient);
      return answer.data;
    },
  };
}
