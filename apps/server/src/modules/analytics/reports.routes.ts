import {
  analyticsQuerySchema,
  conversationsAnalyticsSchema,
  dailyActivitySchema,
  messageVolumeSchema,
  reportSummarySchema,
} from '@wac/contract/analytics';
import { errorBodySchema } from '@wac/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { analyticsFeature } from './analytics-licence.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['Analytics'];

const RANGE = `Dates are whole days in the app's timezone (endDate inclusive), date-times are read from the quarter
hour they fall on or the next (the range answered says so); with neither, the last 30 days. interval (hour, day, week from
Monday, month) cuts the range into local periods. A 400 answers an end before the start, a range over 731 days, more than
2000 periods, or a filter this endpoint does not take. Every figure is read from rollups kept per 15-minute bucket, never
from the messages.`;

const FILTERS = (names: string) =>
  `Filters (one at a time): ${names}; an unknown agent, campaign or flow id is a 400. agentId reads what that agent did.`;

/** The descriptions are written over several lines here; the document reads them as one paragraph. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ');

const read = <T extends z.ZodType>(summary: string, description: string, answer: T) => ({
  config: analyticsFeature,
  schema: {
    tags,
    summary,
    description: oneLine(description),
    querystring: analyticsQuerySchema,
    response: { 200: answer, 400: errorBodySchema },
  },
});

/** Spec 7 "Reports and analytics": the overview's figures and the conversation, volume and daily-activity reports. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.get(
    '/api/reports/summary',
    read(
      "The overview's figures for the range and the period before it",
      `${RANGE} previous is the period of the same number of local days (or hours) just before. conversations: with any message
in the range; opened: a customer's first message ever; reopened: a customer writing after an agent ended the conversation;
botHandoffs: the bot gave the conversation to the agents; resolved: an agent ended it. medianFirstResponseSeconds: from the
customer's first message of an opening or reopening, or from the bot's handoff, to the first human reply (an outbound
message an agent sent; businessHours=true counts business hours only). templates: every template message; campaigns: a
campaign's template sends, replied when the customer wrote within 24 hours. sent counts sent, delivered and read; delivered
counts delivered and read. now, whatever the range: open = held by an agent; waiting = handed off by the bot with no human
reply since. ${FILTERS('agentId, phoneNumberId')} conversations and campaigns.replied are null while a filter is set.`,
      reportSummarySchema,
    ),
    (request) => reports.summary(request.query),
  );

  app.get(
    '/api/analytics/conversations',
    read(
      'Conversations opened, reopened, handed off, taken over, resolved and handled by the bot, per period',
      `${RANGE} opened: a customer's first message ever; reopened: their first message after an agent ended the conversation;
handedOff: the bot gave it to the agents; takenOver: an agent took it from the bot; resolved: an agent ended it;
botHandled: opened or reopened, and no agent took it or was handed it before it ended or began again (so far). active:
conversations with any message in the period. resolution: from the opening or reopening to the agent's end, counted when
it ended. ${FILTERS('agentId (conversations they took or resolved), phoneNumberId, flowId')} active is null while a filter is
set, resolution with flowId.`,
      conversationsAnalyticsSchema,
    ),
    (request) => reports.conversations(request.query),
  );

  app.get(
    '/api/analytics/messages/volume',
    read(
      'Messages in and out per period, by type, status and sender',
      `${RANGE} byType counts both directions; byStatus (the furthest an outbound message got) and bySender (agent: a
person's send, templates included; bot: neither a person, an API key nor a campaign; campaign; api: an API key's send)
count outbound messages. ${FILTERS('agentId (messages they sent), campaignId (its sends), phoneNumberId')}`,
      messageVolumeSchema,
    ),
    (request) => reports.volume(request.query),
  );

  app.get(
    '/api/analytics/activity/daily',
    read(
      'One row per local day: messages, conversations opened and resolved, active customers and agents',
      `${RANGE} interval is ignored: the rows are local days, days without activity included. customers: distinct customers
who wrote that day; agents: distinct agents who sent a human reply. ${FILTERS('agentId, phoneNumberId')} customers and agents
are null while a filter is set.`,
      dailyActivitySchema,
    ),
    (request) => reports.dailyActivity(request.query),
  );
};
