import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mediaKindOfMime } from '@wac/contract/chat';
import type { SandboxInboundBody, sandboxInboundResponseSchema, sandboxMediaResponseSchema } from '@wac/contract/whatsapp-sandbox';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { simulatorQueryKey } from './simulator-query-keys';

type InboundResponse = z.infer<typeof sandboxInboundResponseSchema>;
type MediaResponse = z.infer<typeof sandboxMediaResponseSchema>;

/**
 * The customer, as the simulator addresses them: the number to write from, the name WhatsApp shows, and the username
 * they adopted ('' for none) with whether they hide their number from the business behind it; `number` is the business
 * number they write to (a phone-number id of the sandbox; '' or left out for the first).
 */
export interface SimulatedCustomer {
  phone: string;
  name: string;
  username: string;
  hideNumber: boolean;
  number?: string;
}

/** What the customer sends, without who sends it. */
export type CustomerMessage = DistributiveOmit<SandboxInboundBody, 'from' | 'to' | 'name' | 'username' | 'hideNumber'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The username as typed, without spaces or the "@" people often write before one; '' for none. */
export const typedUsername = (customer: Pick<SimulatedCustomer, 'username'>): string => customer.username.trim().replace(/^@/, '');

/** Only a customer with a username can hide their number, so a ticked box with no username counts as unticked. */
export const hidesNumber = (customer: Pick<SimulatedCustomer, 'username' | 'hideNumber'>): boolean =>
  customer.hideNumber && typedUsername(customer) !== '';

/**
 * The sandbox keeps a customer's username and hidden number from one message to the next, so hideNumber always goes,
 * false included: unticking the box shows the number again.
 */
export function inboundBody(customer: SimulatedCustomer, message: CustomerMessage): SandboxInboundBody {
  const name = customer.name.trim();
  const username = typedUsername(customer);
  return {
    ...message,
    from: customer.phone.trim(),
    ...(customer.number ? { to: customer.number } : {}),
    ...(name ? { name } : {}),
    ...(username ? { username } : {}),
    hideNumber: hidesNumber(customer),
  } as SandboxInboundBody;
}

function sendInbound(customer: SimulatedCustomer, message: CustomerMessage) {
  return apiRequest<InboundResponse>('/sandbox/control/inbound', { method: 'POST', body: inboundBody(customer, message) });
}

export function useSendAsCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customer, message }: { customer: SimulatedCustomer; message: CustomerMessage }) => sendInbound(customer, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorQueryKey }),
  });
}

/** Uploads the file to the sandbox, then sends it as the media type its mime type names (spec 5). */
export function useSendFileAsCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ customer, file, caption }: { customer: SimulatedCustomer; file: File; caption?: string }) => {
      const form = new FormData();
      form.set('file', file, file.name);
      const uploaded = await apiRequest<MediaResponse>('/sandbox/control/media', { method: 'POST', body: form });
      const type = mediaKindOfMime(uploaded.mimeType);
      return sendInbound(customer, {
        type,
        mediaId: uploaded.id,
        ...(caption?.trim() ? { caption: caption.trim() } : {}),
        ...(type === 'document' ? { filename: file.name } : {}),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorQueryKey }),
  });
}
