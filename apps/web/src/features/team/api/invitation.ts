import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { AuthResponseSchema } from '@hospes/shared/auth';
import {
  InvitationPreviewResponseSchema,
  JoinInvitationResponseSchema,
  type AcceptInvitationInput,
} from '@hospes/shared/team';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

/** GET /api/team/invitation?token=: what an invitation link offers. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: () =>
      api
        .get(apiPaths.team.preview, {
          query: { token },
          schema: InvitationPreviewResponseSchema,
        })
        .then((answer) => answer.data),
    retry: false,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token));
}

/** POST /api/team/invitations/accept: a new account, signed in (its session cookie set). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) =>
      api.post(apiPaths.team.accept, input, {
        schema: AuthResponseSchema,
        skipSessionExpiry: true,
      }),
  });
}

/** POST /api/team/invitations/join: the signed-in account joins. */
export function useJoinInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post(apiPaths.team.join, { token }, { schema: JoinInvitationResponseSchema }),
  });
}
