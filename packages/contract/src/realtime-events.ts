import { z } from 'zod';
import { activitySchema, realtimeEvents } from './activities.ts';
import { campaignEventNames, campaignProgressEventSchema } from './campaigns.ts';
import { maintenanceEventNames, maintenanceRunSchema } from './cleanup.ts';
import { outboundDeliveryEventSchema, outboundWebhookEventNames } from './outbound-webhooks.ts';
import { messageSentimentEventSchema, sentimentEventNames } from './sentiment.ts';
import { templateEventNames, templateStatusEventSchema } from './templates.ts';
import {
  agentMessageSentEventSchema,
  contactOptOutEventSchema,
  conversationReadEventSchema,
  conversationUpdatedEventSchema,
  mediaProcessedEventSchema,
  messageReceivedEventSchema,
  messageStatusEventSchema,
  sessionUpdateEventSchema,
  whatsappEventNames,
} from './whatsapp-events.ts';

/**
 * Every event the server pushes over socket.io, bound to the schema of its payload: socket.io is typed with it on both
 * sides, so emitting or handling an event with the wrong payload fails `npm run typecheck`.
 */
export const serverToClientEventSchemas = {
  [whatsappEventNames.messageReceived]: messageReceivedEventSchema,
  [whatsappEventNames.messageStatusUpdate]: messageStatusEventSchema,
  [whatsappEventNames.messageStatus]: messageStatusEventSchema,
  [whatsappEventNames.mediaProcessed]: mediaProcessedEventSchema,
  [whatsappEventNames.agentMessageSent]: agentMessageSentEventSchema,
  [whatsappEventNames.sessionUpdate]: sessionUpdateEventSchema,
  [whatsappEventNames.conversationRead]: conversationReadEventSchema,
  [whatsappEventNames.conversationUpdated]: conversationUpdatedEventSchema,
  [whatsappEventNames.contactOptOut]: contactOptOutEventSchema,
  [sentimentEventNames.messageSentiment]: messageSentimentEventSchema,
  [templateEventNames.statusUpdate]: templateStatusEventSchema,
  [realtimeEvents.newActivity]: activitySchema,
  [realtimeEvents.newNotification]: activitySchema,
  [realtimeEvents.allActivitiesRead]: z.object({ userId: z.number().int() }),
  [campaignEventNames.progress]: campaignProgressEventSchema,
  [outboundWebhookEventNames.delivery]: outboundDeliveryEventSchema,
  [maintenanceEventNames.run]: maintenanceRunSchema,
} as const;

export type ServerEventName = keyof typeof serverToClientEventSchemas;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverToClientEventSchemas)[E]>;

/** socket.io's map of events to listeners, for `Server<…, ServerToClientEvents>` and `Socket<ServerToClientEvents>`. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };

/** One event with its payload, as services collect them to send once their transaction is committed. */
export type ServerEvent = { [E in ServerEventName]: { event: E; payload: ServerEventPayload<E> } }[ServerEventName];
