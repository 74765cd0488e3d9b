import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createTraveler } from '@/features/traveler/api/create-traveler';
import { invalidateAfterTravelerChange } from '@/features/traveler/api/keys';
import { updateTraveler } from '@/features/traveler/api/update-traveler';
import type { RegistrationCalls } from '../registration-attempt';

/**
 * The calls a desk registration is sent with, by its form or by the send queue (decision 032):
 * the API, then the lists and counts refreshed. They outlive the form that made them: a
 * registration let go to the queue is sent or retried after its form has gone.
 */
export function useRegistrationCalls(): RegistrationCalls {
  return registrationCallsFor(useQueryClient());
}

/**
 * The same calls on a given query client: a registration restored from the browser's storage
 * after a reload (decision 059) has no screen that made it, and is sent with the app's client.
 */
export function registrationCallsFor(queryClient: QueryClient): RegistrationCalls {
  return {
    create: async (input, key) => {
      const answer = await createTraveler({ input, key });
      void invalidateAfterTravelerChange(queryClient);
      return answer.data;
    },
    update: async (id, input) => {
      const answer = await updateTraveler({ id, input });
      void invalidateAfterTravelerChange(queryClient);
      return answer.data;
    },
  };
}
