import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeamResponseSchema, type Team } from '@hospes/shared/team';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

export function getTeam(establishmentId: string): Promise<Team> {
  return api
    .get(apiPaths.team.of(establishmentId), { schema: TeamResponseSchema })
    .then((answer) => answer.data);
}

/** GET /api/establishments/{id}/team: members, pending invitations and custom roles. */
export const teamQuery = (establishmentId: string) =>
  queryOptions({ queryKey: teamKeys.of(establishmentId), queryFn: () => getTeam(establishmentId) });

export function useTeam(establishmentId: string) {
  return useQuery(teamQuery(establishmentId));
}
