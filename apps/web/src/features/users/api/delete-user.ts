import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

export function deleteUser(id: number): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`/api/users/${id}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
