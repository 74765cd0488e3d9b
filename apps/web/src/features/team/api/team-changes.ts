import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '@hospes/shared/common';
import {
  CustomRoleResponseSchema,
  InvitationResponseSchema,
  MemberSchema,
  type CustomRoleInput,
  type InviteInput,
  type RoleChoice,
} from '@hospes/shared/team';
import { z } from '@hospes/shared/zod';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

const MembersResponseSchema = z.object({ success: z.literal(true), data: z.array(MemberSchema) });

/**
 * The owner's changes to a team (decision 058): each call refreshes the team once it answers.
 * `establishmentId` is the team's establishment.
 */
export function useTeamChanges(establishmentId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: teamKeys.of(establishmentId) });
  const team = apiPaths.team;
  return {
    invite: useMutation({
      mutationFn: (input: InviteInput) =>
        api.post(team.invitations(establishmentId), input, { schema: InvitationResponseSchema }),
      onSuccess,
    }),
    resend: useMutation({
      mutationFn: (id: string) =>
        api.post(team.resend(establishmentId, id), undefined, { schema: InvitationResponseSchema }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        api.delete(team.invitation(establishmentId, id), { schema: InvitationResponseSchema }),
      onSuccess,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: RoleChoice }) =>
        api.put(team.member(establishmentId, userId), role, { schema: MembersResponseSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (userId: string) =>
        api.delete(team.member(establishmentId, userId), { schema: MessageResponseSchema }),
      onSuccess,
    }),
    createRole: useMutation({
      mutationFn: (input: CustomRoleInput) =>
        api.post(team.roles(establishmentId), input, { schema: CustomRoleResponseSchema }),
      onSuccess,
    }),
    deleteRole: useMutation({
      mutationFn: (id: string) =>
        api.delete(team.role(establishmentId, id), { schema: MessageResponseSchema }),
      onSuccess,
    }),
  };
}
