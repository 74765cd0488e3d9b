import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ReservationResponseSchema,
  type CreateReservationInput,
  type UpdateReservationInput,
} from '@hospes/shared/reservations';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateReservations } from './keys';

/**
 * POST /api/establishments/{id}/reservations (with an Idempotency-Key the form keeps for one
 * reservation, so a retry after a lost answer creates it once) or PUT /api/reservations/{id}.
 */
export function useSaveReservation(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: 'create'; input: CreateReservationInput; key: string }
        | { kind: 'update'; id: string; input: UpdateReservationInput },
    ) =>
      (change.kind === 'create'
        ? await api.post(apiPaths.reservations.list(establishmentId), change.input, {
            schema: ReservationResponseSchema,
            headers: { 'Idempotency-Key': change.key },
          })
        : await api.put(apiPaths.reservations.one(change.id), change.input, {
            schema: ReservationResponseSchema,
          })
      ).data,
    onSuccess: () => invalidateReservations(queryClient, establishmentId),
  });
}
