import {
  type ConversationsAnalytics,
  conversationsAnalyticsSchema,
  type Engagement,
  engagementSchema,
  type MessageVolume,
  messageVolumeSchema,
  type ReportSummary,
  type ResponseAnalytics,
  type ResponseStats,
  type Retention,
  reportSummarySchema,
  responseAnalyticsSchema,
  retentionSchema,
  type SentimentAnalytics,
  type SummaryFigures,
  sentimentAnalyticsSchema,
} from '@wac/contract/analytics';
import type { DashboardRange } from '../../ui/dashboard/dashboard-range';

// Answers shaped exactly as the contract says (each is parsed by its schema), for the dashboards' page tests.

/** The range the page tests open on: one week of March 2026, by day, read in Lisbon (UTC in March). */
export const fixtureRange: DashboardRange = { startDate: '2026-03-02', endDate: '2026-03-08', interval: 'day' };
export const fixtureSearch = '?from=2026-03-02&to=2026-03-08&interval=day';
const range = {
  startDate: '2026-03-02T00:00:00.000Z',
  endDate: '2026-03-09T00:00:00.000Z',
  timezone: 'Europe/Lisbon',
  interval: 'day' as const,
};
const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'];
const bucket = (day: string) => `${day}T00:00:00.000Z`;

function figures(over: Partial<SummaryFigures>): SummaryFigures {
  return {
    conversations: 0,
    conversationsOpened: 0,
    conversationsReopened: 0,
    messagesIn: 0,
    messagesOut: 0,
    medianFirstResponseSeconds: null,
    botHandoffs: 0,
    resolved: 0,
    templates: { total: 0, sent: 0, delivered: 0, read: 0, failed: 0 },
    campaigns: { total: 0, sent: 0, delivered: 0, read: 0, failed: 0, replied: 0 },
    spend: null,
    ...over,
  };
}

export function summaryFixture(over: Partial<SummaryFigures> = {}): ReportSummary {
  return reportSummarySchema.parse({
    range,
    current: figures({
      conversations: 150,
      conversationsOpened: 40,
      conversationsReopened: 12,
      messagesIn: 1240,
      messagesOut: 980,
      medianFirstResponseSeconds: 95,
      botHandoffs: 18,
      resolved: 33,
      templates: { total: 300, sent: 40, delivered: 150, read: 100, failed: 10 },
      campaigns: { total: 500, sent: 50, delivered: 250, read: 180, failed: 20, replied: 45 },
      ...over,
    }),
    previous: figures({
      conversations: 120,
      conversationsOpened: 40,
      messagesIn: 1000,
      messagesOut: 1000,
      medianFirstResponseSeconds: 120,
      botHandoffs: 0,
      templates: { total: 250, sent: 50, delivered: 100, read: 90, failed: 10 },
      campaigns: { total: 0, sent: 0, delivered: 0, read: 0, failed: 0, replied: 0 },
    }),
    now: { open: 7, waiting: 3 },
  });
}

export function conversationsFixture(empty = false): ConversationsAnalytics {
  const n = (i: number) => (empty ? 0 : i);
  return conversationsAnalyticsSchema.parse({
    range,
    series: days.map((day, i) => ({
      bucket: bucket(day),
      active: n(20 + i),
      opened: n(5 + i),
      reopened: n(i % 2),
      handedOff: n(2),
      takenOver: n(1),
      resolved: n(4),
      botHandled: n(3),
    })),
    totals: { active: n(150), opened: n(56), reopened: n(3), handedOff: n(14), takenOver: n(7), resolved: n(28), botHandled: n(21) },
    resolution: stats(empty ? 0 : 28, 3600),
  });
}

export function stats(count: number, median: number): ResponseStats {
  return {
    count,
    medianSeconds: count ? median : null,
    p90Seconds: count ? median * 4 : null,
    averageSeconds: count ? median * 1.5 : null,
    distribution: (['under_1m', '1_5m', '5_15m', '15_60m', '1_4h', 'over_4h'] as const).map((bin, i) => ({
      bin,
      count: count ? Math.max(0, count - i * 3) : 0,
    })),
  };
}

export function volumeFixture(): MessageVolume {
  return messageVolumeSchema.parse({
    range,
    series: days.map((day, i) => ({ bucket: bucket(day), inbound: 100 + i * 10, outbound: 80 + i * 5 })),
    totals: {
      inbound: 910,
      outbound: 665,
      byType: { text: 1400, image: 120, template: 55 },
      byStatus: { sent: 100, delivered: 300, read: 250, failed: 15 },
      bySender: { agent: 400, bot: 200, campaign: 50, api: 15 },
    },
  });
}

export function responseFixture(): ResponseAnalytics {
  return responseAnalyticsSchema.parse({
    range,
    businessHours: false,
    firstResponse: stats(40, 95),
    replyTime: stats(200, 60),
    series: days.map((day, i) => ({
      bucket: bucket(day),
      firstResponseMedianSeconds: i === 6 ? null : 60 + i * 10,
      replyTimeMedianSeconds: i === 6 ? null : 40 + i * 5,
      replies: i === 6 ? 0 : 30,
    })),
    byAgent: [
      { agent: { id: 7, username: 'amy' }, firstResponse: stats(25, 75), replyTime: stats(120, 50), replies: 140 },
      { agent: { id: 9, username: 'bruno' }, firstResponse: stats(15, 300), replyTime: stats(80, 200), replies: 60 },
    ],
    byHourOfWeek: [
      { dayOfWeek: 1, hour: 9, count: 12, medianSeconds: 45 },
      { dayOfWeek: 1, hour: 10, count: 3, medianSeconds: 1800 },
      { dayOfWeek: 5, hour: 17, count: 1, medianSeconds: 7200 },
    ],
  });
}

export function retentionFixture(): Retention {
  return retentionSchema.parse({
    range,
    cohorts: [
      {
        cohortWeek: '2026-02-23',
        customers: 40,
        weeks: [
          // Rates in percent, as the contract has them.
          { week: 0, active: 40, rate: 100 },
          { week: 1, active: 10, rate: 25 },
          { week: 2, active: 4, rate: 10 },
        ],
      },
      { cohortWeek: '2026-03-02', customers: 20, weeks: [{ week: 0, active: 20, rate: 100 }] },
    ],
  });
}

export function engagementFixture(): Engagement {
  return engagementSchema.parse({
    range,
    templates: { sent: 300, delivered: 250, read: 200, replied: 50, replyRate: 20 },
    campaigns: { sent: 500, delivered: 400, read: 300, replied: 60, replyRate: 15 },
    series: days.map((day) => ({ bucket: bucket(day), sent: 100, replied: 15 })),
    byTemplate: [{ templateName: 'order_update', sent: 300, delivered: 250, read: 200, replied: 50, replyRate: 20 }],
    byCampaign: [{ campaign: { id: 4, name: 'Spring sale' }, sent: 500, delivered: 400, read: 300, replied: 60, replyRate: 15 }],
  });
}

export function sentimentFixture(empty = false): SentimentAnalytics {
  return sentimentAnalyticsSchema.parse({
    range,
    totals: empty
      ? { positive: 0, neutral: 0, negative: 0, averageScore: null }
      : { positive: 120, neutral: 300, negative: 45, averageScore: 0.12 },
    series: days.map((day, i) => ({
      bucket: bucket(day),
      positive: empty ? 0 : 15 + i,
      neutral: empty ? 0 : 40,
      negative: empty ? 0 : 6,
      averageScore: empty ? null : 0.1 + i / 100,
    })),
    mostNegative: empty
      ? []
      : [
          {
            conversationId: 31,
            phone: '5511900000031',
            name: 'Dora Lima',
            negativeMessages: 5,
            averageScore: -0.72,
            lastNegativeAt: '2026-03-07T15:20:00.000Z',
          },
          {
            conversationId: 12,
            phone: '447700900012',
            name: null,
            negativeMessages: 2,
            averageScore: -0.4,
            lastNegativeAt: '2026-03-05T09:00:00.000Z',
          },
        ],
    negativeWords: empty
      ? []
      : [
          { word: 'late', count: 14 },
          { word: 'horrible', count: 6 },
        ],
    accuracy: {
      // As the server words it: the corrections are part of the statement.
      statement:
        "Labels are a lexicon scorer's, not a person's: it labels 81.2% of 3,000 English sentences right. " +
        'People corrected 9 labels; the scorer had agreed with them on 55.6%.',
      sets: [
        { name: 'UCI sentences', language: 'en', size: 3000, accuracy: 0.812 },
        { name: 'Our Spanish messages', language: 'es', size: 120, accuracy: 0.867 },
      ],
      corrections: { count: 9, agreement: 0.556 },
    },
  });
}
