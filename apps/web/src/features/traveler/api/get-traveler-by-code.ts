import { normaliseConfirmationCode } from '@hospes/shared/checkin';
import { TravelerResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** GET /api/pilgrims/by-code/{code}: the self-registered traveler (404 outside the tenancy). */
export async function getTravelerByCode(code: string) {
  const normal = normaliseConfirmationCode(code) ?? code;
  return (await api.get(apiPaths.checkin.byCode(normal), { schema: TravelerResponseSchema })).data;
}
