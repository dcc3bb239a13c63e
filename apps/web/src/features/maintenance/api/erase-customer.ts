import { useMutation } from '@tanstack/react-query';
import type { Erasure } from '@wac/contract/erasure';
import { requestWithFallback } from '../../../lib/request-with-fallback';

const ERASURE_PATH = '/api/privacy/erasure';

/** What erasing the customer with this phone would take; 404 when no contact has it. */
export function usePreviewErasure() {
  return useMutation({
    mutationFn: (phone: string) =>
      requestWithFallback<Erasure>(`${ERASURE_PATH}/preview`, 'Failed to look the customer up', { query: { phone } }),
  });
}

/** Erases the customer for good; answers what went, with erasedAt. */
export function useEraseCustomer() {
  return useMutation({
    mutationFn: (phone: string) =>
      requestWithFallback<Erasure>(ERASURE_PATH, 'Failed to erase the customer', { method: 'POST', body: { phone } }),
  });
}
