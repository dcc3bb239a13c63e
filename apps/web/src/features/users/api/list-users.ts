import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role } from '@wac/contract/auth';
import type { listUsersResponseSchema } from '@wac/contract/users';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type UsersList = z.infer<typeof listUsersResponseSchema>;

export interface UsersQuery {
  page: number;
  limit: number;
  search: string;
  role: Role | '';
}

/** Every users query starts with this key, so one invalidation refreshes every page and filter. */
export const usersQueryKey = ['users'] as const;

export function fetchUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersList> {
  return apiRequest<UsersList>('/api/users', {
    query: { page: query.page, limit: query.limit, search: query.search.trim(), role: query.role },
    signal,
  });
}

export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: [...usersQueryKey, query],
    queryFn: ({ signal }) => fetchUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
