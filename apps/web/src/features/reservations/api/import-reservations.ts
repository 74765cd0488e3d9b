import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportReservationsResponseSchema } from '@hospes/shared/reservations';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateReservations } from './keys';

/** A CSV file's text: UTF-8, else Windows-1252 (what Excel in Spain saves). */
export async function csvText(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** POST /api/establishments/{id}/reservations/import: all rows or none. */
export function useImportReservations(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob) =>
      (
        await api.post(
          apiPaths.reservations.import(establishmentId),
          { csv: await csvText(file) },
          { schema: ImportReservationsResponseSchema },
        )
      ).data,
    onSuccess: () => invalidateReservations(queryClient, establishmentId),
  });
}
