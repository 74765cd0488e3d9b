import { useQuery } from '@tanstack/react-query';
import { TravelerListResponseSchema, type Traveler } from '@hospes/shared/travelers';
import { compactId } from '@hospes/shared/spanish-ids';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { travelerKeys } from './keys';

/** Shorter numbers match too many records by search to be worth asking about. */
const MIN_LENGTH = 5;

/** Whether a stay includes `day`: it began that day, or began before and ends after it. */
function stayIncludes(pilgrim: Traveler, day: string): boolean {
  if (pilgrim.entryDate === day) return true;
  return pilgrim.entryDate < day && !!pilgrim.checkOutDate && pilgrim.checkOutDate > day;
}

/**
 * The travelers of an establishment already registered with this document number for a stay that
 * includes `day`. At 2 pm a pilgrim who checked in on their phone is easily typed in again at the
 * desk, and both records would go to the authorities: the form says so while it is being filled
 * in, from the list's own search (no extra wait when saving).
 */
export function useSameDocument(
  establishmentId: string | undefined,
  passportNumber: string,
  day: string,
  enabled: boolean,
) {
  const number = compactId(passportNumber ?? '');
  return useQuery({
    // Not under the travelers' key: a save does not wait for it to be fetched again. Asked afresh
    // for each form (staleTime 0), and only once: it is advice, not worth retrying on a poor line.
    queryKey: travelerKeys.sameDocument(establishmentId, number, day),
    enabled: enabled && !!establishmentId && number.length >= MIN_LENGTH,
    staleTime: 0,
    retry: false,
    queryFn: async () => {
      const page = await api.get(apiPaths.pilgrims.list, {
        query: { establishmentId, search: number, limit: 20 },
        schema: TravelerListResponseSchema,
      });
      return page.data.filter(
        (pilgrim) => pilgrim.passportNumber === number && stayIncludes(pilgrim, day),
      );
    },
  });
}
