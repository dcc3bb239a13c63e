import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@wac/contract/auth';
import type { createUserBodySchema } from '@wac/contract/users';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

export type CreateUserInput = z.input<typeof createUserBodySchema>;

export function createUser(input: CreateUserInput): Promise<{ user: User }> {
  return apiRequest<{ user: User }>('/api/register', { method: 'POST', body: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
