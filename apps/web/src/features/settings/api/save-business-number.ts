import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { addBusinessNumberBodySchema, BusinessNumber, updateBusinessNumberBodySchema } from '@wac/contract/whatsapp-numbers';
import type { z } from 'zod';
import { type BusinessNumbersResponse, businessNumbersQueryKey } from '../../../lib/business-numbers';
import { requestWithFallback } from '../../../lib/request-with-fallback';

const NUMBERS_PATH = '/api/whatsapp/numbers';

export type AddBusinessNumberBody = z.input<typeof addBusinessNumberBodySchema>;
export type UpdateBusinessNumberBody = z.input<typeof updateBusinessNumberBodySchema>;

/** The list with this number as the server now answers it: in its place, or after the others when just added. */
export function withSavedNumber(data: BusinessNumbersResponse | undefined, number: BusinessNumber): BusinessNumbersResponse | undefined {
  if (!data) return data;
  const known = data.numbers.some((n) => n.id === number.id);
  return { numbers: known ? data.numbers.map((n) => (n.id === number.id ? number : n)) : [...data.numbers, number] };
}

/** Every screen that names numbers (the inbox, campaigns, flows) reads the one list: it takes the answer at once. */
function useNumberMutation<I>(request: (input: I) => Promise<{ number: BusinessNumber }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => request(input).then((r) => r.number),
    onSuccess: (number) => {
      queryClient.setQueryData<BusinessNumbersResponse>(businessNumbersQueryKey, (data) => withSavedNumber(data, number));
      void queryClient.invalidateQueries({ queryKey: businessNumbersQueryKey });
    },
  });
}

/** POST: the server asks Meta about the id first; 400 when Meta does not know it, 409 when it is listed already. */
export function useAddBusinessNumber() {
  return useNumberMutation((body: AddBusinessNumberBody) =>
    requestWithFallback<{ number: BusinessNumber }>(NUMBERS_PATH, 'Failed to add the number', { method: 'POST', body }),
  );
}

/** PUT: a new name, or enabled on or off (the first number cannot be disabled). */
export function useUpdateBusinessNumber() {
  return useNumberMutation(({ id, body }: { id: number; body: UpdateBusinessNumberBody }) =>
    requestWithFallback<{ number: BusinessNumber }>(`${NUMBERS_PATH}/${id}`, 'Failed to save the number', { method: 'PUT', body }),
  );
}

/** Reads the number's quality rating, throughput and the portfolio's messaging limit from Meta again. */
export function useRefreshBusinessNumber() {
  return useNumberMutation((id: number) =>
    requestWithFallback<{ number: BusinessNumber }>(`${NUMBERS_PATH}/${id}/refresh`, 'Failed to check the number with Meta', {
      method: 'POST',
    }),
  );
}
