import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@wac/contract/auth';
import type { updateUserBodySchema } from '@wac/contract/users';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

/** What the form sends: the output shape, as a null email (a user without one, read back) is the server's concern only. */
export type UpdateUserInput = z.output<typeof updateUserBodySchema>;

export function updateUser(id: number, input: UpdateUserInput): Promise<{ user: User }> {
  return apiRequest<{ user: User }>(`/api/users/${id}`, { method: 'PUT', body: input });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput }) => updateUser(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
