import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminUserListResponseSchema, type UserStatus } from '@hospes/shared/admin';
import type { Role } from '@hospes/shared/auth';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface UserListQuery {
  search?: string;
  role?: Role;
  status?: UserStatus;
  page: number;
}

export const USERS_PAGE_SIZE = 10;

export function getUsers(query: UserListQuery) {
  return api.get(apiPaths.admin.users, {
    query: { limit: USERS_PAGE_SIZE, ...query },
    schema: AdminUserListResponseSchema,
  });
}

/** GET /api/admin/users. */
export const usersQuery = (query: UserListQuery) =>
  queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UserListQuery) {
  return useQuery(usersQuery(query));
}
