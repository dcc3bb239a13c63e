import { z } from 'zod';

export const WEBHOOK_PATH = '/api/webhooks/whatsapp';

/** Meta's subscription handshake: GET with hub.mode=subscribe, the verify token and a challenge to echo. */
export const webhookVerifyQuerySchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});

export const webhookAckSchema = z.object({ received: z.literal(true) });
