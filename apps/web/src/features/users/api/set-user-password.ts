import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function setUserPassword(id: number, newPassword: string): Promise<unknown> {
  return apiRequest<unknown>(`/api/users/${id}/change-password`, { method: 'POST', body: { newPassword } });
}

export function useSetUserPassword() {
  return useMutation({
    mutationFn: ({ id, newPassword }: { id: number; newPassword: string }) => setUserPassword(id, newPassword),
  });
}
