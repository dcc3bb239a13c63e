import { useQuery } from '@tanstack/react-query';
import { type BusinessNumber, businessNumberLabel, type businessNumbersResponseSchema } from '@wac/contract/whatsapp-numbers';
import type { z } from 'zod';
import { apiRequest } from './api-client';

export type BusinessNumbersResponse = z.infer<typeof businessNumbersResponseSchema>;

/** Lib, as the inbox, campaigns, flows and the simulator all name numbers, and Settings changes them. */
export const businessNumbersQueryKey = ['whatsapp', 'numbers'] as const;

export function fetchBusinessNumbers(signal?: AbortSignal): Promise<BusinessNumbersResponse> {
  return apiRequest<BusinessNumbersResponse>('/api/whatsapp/numbers', { signal });
}

/** The business's WhatsApp numbers, the first first; admins rarely change them, so a minute-old list is fine. */
export function useBusinessNumbers() {
  return useQuery({
    queryKey: businessNumbersQueryKey,
    queryFn: ({ signal }) => fetchBusinessNumbers(signal),
    staleTime: 60_000,
    select: (data) => data.numbers,
  });
}

/** How a number reads where one is chosen or shown: its label, and "(disabled)" after a disabled one. */
export function numberOptionLabel(number: BusinessNumber): string {
  return `${businessNumberLabel(number)}${number.enabled ? '' : ' (disabled)'}`;
}

/** The label of the number with this phone-number id; the id itself for a number the list does not hold. */
export function numberLabelOf(numbers: readonly BusinessNumber[], phoneNumberId: string): string {
  const found = numbers.find((n) => n.phoneNumberId === phoneNumberId);
  return found ? businessNumberLabel(found) : phoneNumberId;
}

/**
 * The numbers, when there are several: screens name and choose numbers only then, so a business with one number sees
 * the console as before. Empty while loading, after a failure, or with one number.
 */
export function useSeveralNumbers(): readonly BusinessNumber[] {
  const list = useBusinessNumbers().data;
  return list && list.length > 1 ? list : noNumbers;
}

const noNumbers: readonly BusinessNumber[] = [];
