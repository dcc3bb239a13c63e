import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { activitiesQueryKey } from './list-activities';
import { notificationsQueryKey } from './list-notifications';

export type MarkReadInput = { ids: number[] } | { markAllAsRead: true };

export function markActivitiesRead(input: MarkReadInput): Promise<{ updated: number }> {
  return apiRequest<{ updated: number }>('/api/activities/mark-read', { method: 'POST', body: input });
}

export function useMarkActivitiesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markActivitiesRead,
    // The shell's notification list reads the same activities under its own keys; refresh everything activity-shaped.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === activitiesQueryKey[0] || q.queryKey[0] === notificationsQueryKey[0],
      }),
  });
}
