import {
  type AnalyticsInterval,
  type DailyActivity,
  type Engagement,
  type MessageVolume,
  type ResponseTimeBin,
  type Retention,
  responseTimeBinLimits,
  responseTimeBins,
  type SummaryFigures,
} from '@wac/contract/analytics';
import { type BusinessHours, secondsWithinBusinessHours } from '@wac/contract/business-hours';
import type { Pool } from 'pg';
import { negativeWordsOf } from '../sentiment/score-sentiment.ts';
import { type LocalClock, localClock } from './local-clock.ts';

/*
 * Every analytics figure worked out in JavaScript from the source rows (messages, session changes, campaign
 * recipients, conversations), by the definitions README "Analytics" states, without reading any analytics_* table:
 * what the figures test holds each endpoint's answer against.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

interface Message {
  id: number;
  conversationId: number;
  contactId: number;
  number: string;
  direction: 'inbound' | 'outbound';
  type: string;
  status: string;
  at: number;
  userId: number | null;
  sender: 'customer' | 'agent' | 'api' | 'campaign' | 'bot';
  templateName: string | null;
  campaignId: number | null;
  label: string | null;
  score: number | null;
  text: string;
}

interface Change {
  id: number;
  conversationId: number;
  from: string;
  to: string;
  reason: string | null;
  userId: number | null;
  at: number;
}

interface Conversation {
  id: number;
  contactId: number;
  number: string;
  phone: string;
  name: string | null;
}

/** The dimensions a figure can be narrowed to. */
interface Dims {
  agent?: number | null;
  number?: string;
  campaign?: number | null;
}
type Filter = { agentId: number } | { phoneNumberId: string } | { campaignId: number } | null;

const matches = (dims: Dims, filter: Filter) =>
  !filter ||
  ('agentId' in filter && dims.agent === filter.agentId) ||
  ('phoneNumberId' in filter && dims.number === filter.phoneNumberId) ||
  ('campaignId' in filter && dims.campaign === filter.campaignId);

type EventKey = 'opened' | 'reopened' | 'handed_off' | 'taken_over' | 'resolved' | 'bot_handled';
interface Event extends Dims {
  key: EventKey;
  at: number;
}
interface Sample extends Dims {
  kind: 'first' | 'reply';
  /** When the wait began and ended. */
  since: number;
  at: number;
  seconds: number;
}
interface Send {
  at: number;
  status: string;
  templateName: string | null;
  campaignId: number | null;
  replied: boolean;
}
interface Presence {
  kind: 'customer' | 'agent' | 'conversation';
  subject: number;
  at: number;
}

export interface SourceRows {
  messages: Message[];
  changes: Change[];
  conversations: Conversation[];
  campaigns: Map<number, string>;
  usernames: Map<number, string>;
}

/** The source rows, as the seeding left them. */
export async function readSourceRows(pool: Pool): Promise<SourceRows> {
  const rows = async (text: string) => (await pool.query(text)).rows;
  const messages = await rows(`
    SELECT m.id, m.conversation_id, c.contact_id, c.phone_number_id, m.direction, m.type, m.status, m.timestamp, m.user_id,
      m.api_key_id, m.template_name, m.sentiment_label, m.sentiment_score::float8 AS score, m.content->>'text' AS text,
      (SELECT r.campaign_id FROM campaign_recipients r WHERE r.message_id = m.id ORDER BY r.id LIMIT 1) AS campaign_id
    FROM messages m JOIN conversations c ON c.id = m.conversation_id ORDER BY m.timestamp, m.id`);
  const changes = await rows('SELECT * FROM conversation_session_changes ORDER BY changed_at, id');
  const conversations = await rows(
    'SELECT c.id, c.contact_id, c.phone_number_id, p.phone, p.name FROM conversations c JOIN contacts p ON p.id = c.contact_id',
  );
  return {
    messages: messages.map((m) => {
      const outbound = m.direction === 'outbound';
      // A campaign's send is one nobody sent by hand or by key that a recipient row points at.
      const campaignId = outbound && m.user_id === null && m.api_key_id === null ? m.campaign_id : null;
      return {
        id: m.id,
        conversationId: m.conversation_id,
        contactId: m.contact_id,
        number: m.phone_number_id,
        direction: m.direction,
        type: m.type,
        status: m.status,
        at: m.timestamp.getTime(),
        userId: outbound ? m.user_id : null,
        sender: !outbound
          ? 'customer'
          : m.user_id !== null
            ? 'agent'
            : m.api_key_id !== null
              ? 'api'
              : campaignId !== null
                ? 'campaign'
                : 'bot',
        templateName: m.template_name,
        campaignId,
        label: m.sentiment_label,
        score: m.score,
        text: m.text ?? '',
      };
    }),
    changes: changes.map((c) => ({
      id: c.id,
      conversationId: c.conversation_id,
      from: c.from_state,
      to: c.to_state,
      reason: c.reason,
      userId: c.user_id,
      at: c.changed_at.getTime(),
    })),
    conversations: conversations.map((c) => ({
      id: c.id,
      contactId: c.contact_id,
      number: c.phone_number_id,
      phone: c.phone,
      name: c.name,
    })),
    campaigns: new Map((await rows('SELECT id, name FROM campaigns')).map((c) => [c.id, c.name])),
    usernames: new Map((await rows('SELECT id, username FROM users')).map((u) => [u.id, u.username])),
  };
}

interface Episode {
  start: number;
  eventAt: number;
  reopened: boolean;
}

/** What happened in each conversation, by the definitions: events, response samples, resolutions, sentiment, sends. */
function facts(source: SourceRows) {
  const events: Event[] = [];
  const samples: Sample[] = [];
  const resolutions: Sample[] = [];
  const sentiment: (Dims & { at: number; label: string; score: number; conversationId: number; id: number; text: string })[] = [];
  const sends: Send[] = [];
  const presence: Presence[] = [];
  const firstSeen = new Map<number, number>();

  for (const conversation of source.conversations) {
    const messages = source.messages.filter((m) => m.conversationId === conversation.id);
    const changes = source.changes.filter((c) => c.conversationId === conversation.id);
    const inbound = messages.filter((m) => m.direction === 'inbound');
    const number = conversation.number;

    // Episodes: the customer's first message ever, and each return after an end (from their first message since it).
    const episodes: Episode[] = [];
    const first = inbound[0];
    if (first) episodes.push({ start: first.at, eventAt: first.at, reopened: false });
    for (const change of changes.filter((c) => c.reason === 'customer_returned' && c.from === 'ended' && c.to === 'bot')) {
      const end = changes.filter((c) => c.to === 'ended' && c.at <= change.at).at(-1);
      const since = inbound.find((m) => m.at > (end?.at ?? Number.NEGATIVE_INFINITY));
      episodes.push({ start: Math.min(change.at, since?.at ?? change.at), eventAt: change.at, reopened: true });
    }
    const episodeAt = (at: number) =>
      episodes
        .filter((e) => e.eventAt <= at && e.start <= at)
        .reduce<Episode | undefined>((latest, e) => (!latest || e.start > latest.start ? e : latest), undefined);

    for (const e of episodes) {
      events.push({ key: e.reopened ? 'reopened' : 'opened', at: e.eventAt, number });
      const before = e.reopened ? 'bot' : (changes.filter((c) => c.at <= e.eventAt).at(-1)?.to ?? 'bot');
      const after = changes.find((c) => c.at > e.eventAt && (c.to === 'agent' || c.to === 'ended'));
      if (before === 'bot' && (!after || after.to === 'ended')) events.push({ key: 'bot_handled', at: e.eventAt, number });
    }
    for (const c of changes) {
      const key: EventKey | null =
        c.to === 'agent' && c.userId === null
          ? 'handed_off'
          : c.to === 'agent' && c.from !== 'agent'
            ? 'taken_over'
            : c.to === 'ended'
              ? 'resolved'
              : null;
      if (!key) continue;
      events.push({ key, at: c.at, number, agent: key === 'handed_off' ? null : c.userId });
      const episode = key === 'resolved' ? episodeAt(c.at) : undefined;
      if (episode)
        resolutions.push({
          kind: 'first',
          since: episode.start,
          at: c.at,
          seconds: Math.floor((c.at - episode.start) / 1000),
          number,
          agent: c.userId,
        });
    }

    // Waits: a human reply answers the episode's start or a later handoff first, else the first message since the last reply.
    let previous: Message | undefined;
    for (const reply of messages) {
      if (reply.sender !== 'agent') continue;
      const episode = episodeAt(reply.at);
      const handoff = changes.filter((c) => c.to === 'agent' && c.userId === null && c.at <= reply.at).at(-1);
      const anchors = [episode?.start, handoff?.at].filter((at): at is number => at !== undefined);
      const anchor = anchors.length === 0 ? undefined : Math.max(...anchors);
      const dims = { number, agent: reply.userId };
      if (anchor !== undefined && (!previous || anchor > previous.at)) {
        samples.push({ kind: 'first', since: anchor, at: reply.at, seconds: Math.floor((reply.at - anchor) / 1000), ...dims });
      } else {
        const waited = inbound.find(
          (m) =>
            m.at >= (episode?.start ?? Number.NEGATIVE_INFINITY) && m.at > (previous?.at ?? Number.NEGATIVE_INFINITY) && m.at <= reply.at,
        );
        if (waited)
          samples.push({ kind: 'reply', since: waited.at, at: reply.at, seconds: Math.floor((reply.at - waited.at) / 1000), ...dims });
      }
      previous = reply;
    }

    for (const m of messages) {
      if (m.label !== null) {
        const holder = changes.filter((c) => c.at <= m.at).at(-1);
        sentiment.push({
          id: m.id,
          conversationId: m.conversationId,
          at: m.at,
          label: m.label,
          score: m.score ?? 0,
          text: m.text,
          number,
          agent: holder?.to === 'agent' ? holder.userId : null,
        });
      }
      if (m.direction === 'outbound' && (m.templateName !== null || m.campaignId !== null)) {
        const replied = inbound.some((r) => r.at > m.at && r.at <= m.at + DAY_MS);
        sends.push({ at: m.at, status: m.status, templateName: m.templateName, campaignId: m.campaignId, replied });
      }
      presence.push({ kind: 'conversation', subject: m.conversationId, at: m.at });
      if (m.direction === 'inbound') {
        presence.push({ kind: 'customer', subject: m.contactId, at: m.at });
        firstSeen.set(m.contactId, Math.min(firstSeen.get(m.contactId) ?? Number.POSITIVE_INFINITY, m.at));
      }
      if (m.sender === 'agent') presence.push({ kind: 'agent', subject: m.userId as number, at: m.at });
    }
  }
  return { events, samples, resolutions, sentiment, sends, presence, firstSeen };
}

/** A range as the endpoints resolve it: [from, to) instants read in `timezone` by `interval`. */
export interface OracleRange {
  from: number;
  to: number;
  timezone: string;
  interval: AnalyticsInterval;
}

/** Waiting times as the contract answers them, with the exact quantiles the histogram's answers must bracket. */
export interface ExpectedStats {
  count: number;
  averageSeconds: number | null;
  distribution: { bin: ResponseTimeBin; count: number }[];
  /** The samples, sorted: the exact median and p90 are among them. */
  seconds: number[];
}

export function statsOf(seconds: readonly number[]): ExpectedStats {
  const sorted = [...seconds].sort((a, b) => a - b);
  const total = sorted.reduce((sum, s) => sum + s, 0);
  return {
    count: sorted.length,
    averageSeconds: sorted.length === 0 ? null : Math.round(total / sorted.length),
    distribution: responseTimeBins.map((bin) => ({
      bin,
      count: sorted.filter((s) => responseTimeBins.find((name) => s < responseTimeBinLimits[name]) === bin).length,
    })),
    seconds: sorted,
  };
}

/** The sample at quantile q, exactly: the ceil(q·n)-th smallest. */
export function exactQuantile(samples: readonly number[], q: number): number | null {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] as number);
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
const round3 = (value: number) => Math.round(value * 1000) / 1000;

function sendCounts(statuses: readonly string[]) {
  return {
    total: statuses.length,
    sent: statuses.filter((s) => s === 'sent' || s === 'delivered' || s === 'read').length,
    delivered: statuses.filter((s) => s === 'delivered' || s === 'read').length,
    read: statuses.filter((s) => s === 'read').length,
    failed: statuses.filter((s) => s === 'failed').length,
  };
}

function countBy<T>(items: readonly T[], keyOf: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[keyOf(item)] = (counts[keyOf(item)] ?? 0) + 1;
  return counts;
}

export function figuresOracle(source: SourceRows) {
  const f = facts(source);
  const clocks = new Map<string, LocalClock>();
  const clockOf = (timezone: string) => {
    let clock = clocks.get(timezone);
    if (!clock) {
      clock = localClock(timezone);
      clocks.set(timezone, clock);
    }
    return clock;
  };
  const inRange = (range: OracleRange) => (x: { at: number }) => x.at >= range.from && x.at < range.to;

  /** The range's local periods, oldest first, as instants: each next one found in steps shorter than any period. */
  const periodsKept = new Map<string, number[]>();
  function periodsOf(range: OracleRange): number[] {
    const id = `${range.timezone} ${range.interval} ${range.from} ${range.to}`;
    const kept = periodsKept.get(id);
    if (kept) return kept;
    const clock = clockOf(range.timezone);
    const step = { hour: HOUR_MS, day: DAY_MS, week: WEEK_MS, month: 28 * DAY_MS }[range.interval] / 8;
    const starts: number[] = [];
    for (let start = clock.periodStart(range.interval, range.from); start < range.to; ) {
      starts.push(start);
      let at = start;
      while (clock.periodStart(range.interval, at) === start) at += step;
      start = clock.periodStart(range.interval, at);
    }
    periodsKept.set(id, starts);
    return starts;
  }
  const periodOf = (range: OracleRange) => (at: number) => clockOf(range.timezone).periodStart(range.interval, at);
  /** The items of the range per local period. */
  function perPeriod<T extends { at: number }>(range: OracleRange, items: readonly T[]): (period: number) => T[] {
    const of = periodOf(range);
    const groups = new Map<number, T[]>();
    for (const item of items.filter(inRange(range))) groups.set(of(item.at), [...(groups.get(of(item.at)) ?? []), item]);
    return (period) => groups.get(period) ?? [];
  }
  /** Distinct subjects of a kind in each whole local period (what active counts keep). */
  function activeIn(range: OracleRange, kind: Presence['kind']): (period: number) => number {
    const of = periodOf(range);
    const subjects = new Map<number, Set<number>>();
    for (const p of f.presence.filter((p) => p.kind === kind)) {
      const period = of(p.at);
      subjects.set(period, (subjects.get(period) ?? new Set()).add(p.subject));
    }
    return (period) => subjects.get(period)?.size ?? 0;
  }
  /** Distinct subjects of a kind on the local days the range touches. */
  function activeOnDays(range: OracleRange, kind: Presence['kind']): number {
    const clock = clockOf(range.timezone);
    const firstDay = clock.periodStart('day', range.from);
    const on = f.presence.filter(
      (p) => p.kind === kind && clock.periodStart('day', p.at) >= firstDay && clock.periodStart('day', p.at) < range.to,
    );
    return new Set(on.map((p) => p.subject)).size;
  }

  const messagesOf = (range: OracleRange, filter: Filter) =>
    source.messages.filter(inRange(range)).filter((m) => matches({ agent: m.userId, number: m.number, campaign: m.campaignId }, filter));
  const eventsOf = (range: OracleRange, filter: Filter, key?: EventKey) =>
    f.events.filter(inRange(range)).filter((e) => matches(e, filter) && (key === undefined || e.key === key));
  const directions = (messages: readonly Message[]) => ({
    inbound: messages.filter((m) => m.direction === 'inbound').length,
    outbound: messages.filter((m) => m.direction === 'outbound').length,
  });
  function conversationCounts(events: readonly Event[]) {
    const of = (key: EventKey) => events.filter((e) => e.key === key).length;
    return {
      opened: of('opened'),
      reopened: of('reopened'),
      handedOff: of('handed_off'),
      takenOver: of('taken_over'),
      resolved: of('resolved'),
      botHandled: of('bot_handled'),
    };
  }
  const seconds = (samples: readonly Sample[]) => samples.map((s) => s.seconds);
  /** Waits in seconds or, with a weekly schedule, their seconds within business hours as the contract counts them. */
  const waitsOf = (timezone: string, businessDays?: BusinessHours['days']) => (samples: readonly Sample[]) =>
    businessDays
      ? samples.map((s) => Math.floor(secondsWithinBusinessHours(new Date(s.since), new Date(s.at), { days: businessDays }, timezone)))
      : seconds(samples);

  function engagementFigures(sends: readonly Send[]) {
    const delivered = sends.filter((s) => s.status === 'delivered' || s.status === 'read').length;
    const replied = sends.filter((s) => s.replied).length;
    return {
      sent: sends.filter((s) => ['sent', 'delivered', 'read'].includes(s.status)).length,
      delivered,
      read: sends.filter((s) => s.status === 'read').length,
      replied,
      replyRate: rate(replied, delivered),
    };
  }
  const reached = (figures: ReturnType<typeof engagementFigures>) => figures.sent + figures.delivered + figures.read + figures.replied > 0;

  function summaryFigures(
    range: OracleRange,
    filter: Filter,
    businessDays?: BusinessHours['days'],
  ): SummaryFigures & { firstResponses: number[] } {
    const messages = messagesOf(range, filter);
    const counts = conversationCounts(eventsOf(range, filter));
    const campaignSends = messages.filter((m) => m.sender === 'campaign');
    return {
      conversations: filter ? null : activeOnDays(range, 'conversation'),
      conversationsOpened: counts.opened,
      conversationsReopened: counts.reopened,
      messagesIn: directions(messages).inbound,
      messagesOut: directions(messages).outbound,
      medianFirstResponseSeconds: null,
      botHandoffs: counts.handedOff,
      resolved: counts.resolved,
      templates: sendCounts(messages.filter((m) => m.direction === 'outbound' && m.type === 'template').map((m) => m.status)),
      campaigns: {
        ...sendCounts(campaignSends.map((m) => m.status)),
        replied: filter ? null : f.sends.filter(inRange(range)).filter((s) => s.campaignId !== null && s.replied).length,
      },
      spend: null,
      firstResponses: waitsOf(
        range.timezone,
        businessDays,
      )(f.samples.filter(inRange(range)).filter((s) => s.kind === 'first' && matches(s, filter))),
    };
  }

  return {
    periodsOf,

    /** The range just before, as long on the local clock. */
    previousRange(range: OracleRange): OracleRange {
      const clock = clockOf(range.timezone);
      const from = clock.instantOf(clock.wallOf(range.from) - (clock.wallOf(range.to) - clock.wallOf(range.from)));
      return { ...range, from: from as number, to: range.from };
    },

    summary(range: OracleRange, filter: Filter = null) {
      const last = new Map<number, Change>();
      for (const c of source.changes) last.set(c.conversationId, c);
      const numberOf = new Map(source.conversations.map((c) => [c.id, c.number]));
      const held = [...last.values()].filter(
        (c) => c.to === 'agent' && (!filter || !('phoneNumberId' in filter) || numberOf.get(c.conversationId) === filter.phoneNumberId),
      );
      const answered = (c: Change) =>
        source.messages.some((m) => m.conversationId === c.conversationId && m.sender === 'agent' && m.at >= c.at);
      return {
        now: {
          open: held.filter((c) => c.userId !== null && (!filter || !('agentId' in filter) || c.userId === filter.agentId)).length,
          waiting: held.filter((c) => c.userId === null && !answered(c)).length,
        },
        current: summaryFigures(range, filter),
      };
    },
    summaryFigures,

    conversations(range: OracleRange, filter: Filter = null) {
      const events = perPeriod(range, eventsOf(range, filter));
      const active = activeIn(range, 'conversation');
      return {
        series: periodsOf(range).map((period) => ({
          bucket: new Date(period).toISOString(),
          ...conversationCounts(events(period)),
          active: filter ? null : active(period),
        })),
        totals: { ...conversationCounts(eventsOf(range, filter)), active: filter ? null : activeOnDays(range, 'conversation') },
        resolution: statsOf(seconds(f.resolutions.filter(inRange(range)).filter((r) => matches(r, filter)))),
      };
    },

    volume(range: OracleRange, filter: Filter = null): Omit<MessageVolume, 'range'> {
      const messages = messagesOf(range, filter);
      const outbound = messages.filter((m) => m.direction === 'outbound');
      const of = perPeriod(range, messages);
      return {
        series: periodsOf(range).map((period) => ({ bucket: new Date(period).toISOString(), ...directions(of(period)) })),
        totals: {
          ...directions(messages),
          byType: countBy(messages, (m) => m.type),
          byStatus: countBy(outbound, (m) => m.status),
          bySender: countBy(outbound, (m) => m.sender),
        },
      };
    },

    dailyActivity(range: OracleRange, filter: Filter = null): DailyActivity['days'] {
      const day = { ...range, interval: 'day' as const };
      const messages = perPeriod(day, messagesOf(day, filter));
      const events = perPeriod(day, eventsOf(day, filter));
      const [customers, agents] = [activeIn(day, 'customer'), activeIn(day, 'agent')];
      return periodsOf(day).map((period) => ({
        date: clockOf(range.timezone).dateOf(period),
        messagesIn: directions(messages(period)).inbound,
        messagesOut: directions(messages(period)).outbound,
        conversationsOpened: conversationCounts(events(period)).opened,
        resolved: conversationCounts(events(period)).resolved,
        customers: filter ? null : customers(period),
        agents: filter ? null : agents(period),
      }));
    },

    response(range: OracleRange, filter: Filter = null, businessDays?: BusinessHours['days']) {
      const seconds = waitsOf(range.timezone, businessDays);
      const samples = f.samples.filter(inRange(range)).filter((s) => matches(s, filter));
      const firsts = samples.filter((s) => s.kind === 'first');
      const replies = messagesOf(range, filter).filter((m) => m.sender === 'agent');
      const [firstIn, replyIn, sentIn] = [perPeriod(range, firsts), perPeriod(range, samples), perPeriod(range, replies)];
      const clock = clockOf(range.timezone);
      const cells = Array.from({ length: 7 * 24 }, (_, cell) => {
        const inCell = samples.filter((s) => {
          const wall = new Date(clock.wallOf(s.at));
          return wall.getUTCDay() * 24 + wall.getUTCHours() === cell;
        });
        return { dayOfWeek: Math.floor(cell / 24), hour: cell % 24, stats: statsOf(seconds(inCell)) };
      });
      const agents = [...new Set([...samples.map((s) => s.agent), ...replies.map((m) => m.userId)])] as number[];
      const byAgent =
        filter && 'phoneNumberId' in filter
          ? []
          : agents
              .map((agent) => ({
                agent: { id: agent, username: source.usernames.get(agent) as string },
                firstResponse: statsOf(seconds(firsts.filter((s) => s.agent === agent))),
                replyTime: statsOf(seconds(samples.filter((s) => s.agent === agent))),
                replies: replies.filter((m) => m.userId === agent).length,
              }))
              .sort((a, b) => b.replies - a.replies || a.agent.username.localeCompare(b.agent.username));
      return {
        firstResponse: statsOf(seconds(firsts)),
        replyTime: statsOf(seconds(samples)),
        series: periodsOf(range).map((period) => ({
          bucket: new Date(period).toISOString(),
          firstResponses: seconds(firstIn(period)),
          replyTimes: seconds(replyIn(period)),
          replies: sentIn(period).length,
        })),
        byHourOfWeek: cells,
        byAgent,
      };
    },

    activeUsers(range: OracleRange) {
      const [customers, agents, conversations] = [activeIn(range, 'customer'), activeIn(range, 'agent'), activeIn(range, 'conversation')];
      return periodsOf(range).map((period) => ({
        bucket: new Date(period).toISOString(),
        customers: customers(period),
        agents: agents(period),
        conversations: conversations(period),
      }));
    },

    retention(range: OracleRange): Retention['cohorts'] {
      const clock = clockOf(range.timezone);
      const mondayOf = (at: number) => clock.dateOf(clock.periodStart('week', at));
      const [firstWeek, lastWeek] = [mondayOf(range.from), mondayOf(range.to - 1)];
      const weeksOf = new Map<number, Set<string>>();
      for (const p of f.presence.filter((p) => p.kind === 'customer')) {
        weeksOf.set(p.subject, (weeksOf.get(p.subject) ?? new Set()).add(mondayOf(p.at)));
      }
      const cohorts: Retention['cohorts'] = [];
      for (let monday = Date.parse(firstWeek); monday <= Date.parse(lastWeek); monday += WEEK_MS) {
        const cohortWeek = new Date(monday).toISOString().slice(0, 10);
        const members = [...f.firstSeen].filter(([, at]) => at < range.to && mondayOf(at) === cohortWeek).map(([contact]) => contact);
        const weeks = [];
        for (let k = 0; monday + k * WEEK_MS <= Date.parse(lastWeek); k += 1) {
          const later = new Date(monday + k * WEEK_MS).toISOString().slice(0, 10);
          const active = members.filter((contact) => weeksOf.get(contact)?.has(later)).length;
          weeks.push({ week: k, active, rate: rate(active, members.length) });
        }
        cohorts.push({ cohortWeek, customers: members.length, weeks });
      }
      return cohorts;
    },

    engagement(range: OracleRange, filter: { campaignId: number } | null = null): Omit<Engagement, 'range'> {
      const sends = f.sends.filter(inRange(range)).filter((s) => !filter || s.campaignId === filter.campaignId);
      const templates = sends.filter((s) => s.templateName !== null);
      const of = perPeriod(range, templates);
      const byTemplate = [...new Set(templates.map((s) => s.templateName as string))]
        .map((templateName) => ({ templateName, ...engagementFigures(templates.filter((s) => s.templateName === templateName)) }))
        .filter(reached)
        .sort((a, b) => b.sent - a.sent || a.templateName.localeCompare(b.templateName));
      const campaignSends = sends.filter((s) => s.campaignId !== null);
      const byCampaign = [...new Set(campaignSends.map((s) => s.campaignId as number))]
        .map((id) => ({
          campaign: { id, name: source.campaigns.get(id) as string },
          ...engagementFigures(campaignSends.filter((s) => s.campaignId === id)),
        }))
        .filter(reached)
        .sort((a, b) => b.sent - a.sent || String(a.campaign.id).localeCompare(String(b.campaign.id)));
      return {
        templates: engagementFigures(templates),
        campaigns: engagementFigures(campaignSends),
        series: periodsOf(range).map((period) => {
          const figures = engagementFigures(of(period));
          return { bucket: new Date(period).toISOString(), sent: figures.sent, replied: figures.replied };
        }),
        byTemplate: filter ? [] : byTemplate,
        byCampaign,
      };
    },

    sentiment(range: OracleRange, filter: Filter = null, holderNow?: (conversationId: number) => number | null) {
      const scored = f.sentiment.filter(inRange(range)).filter((s) => matches(s, filter));
      const countsOf = (items: typeof scored) => ({
        positive: items.filter((s) => s.label === 'positive').length,
        neutral: items.filter((s) => s.label === 'neutral').length,
        negative: items.filter((s) => s.label === 'negative').length,
        averageScore: items.length === 0 ? null : round3(items.reduce((sum, s) => sum + s.score, 0) / items.length),
      });
      const of = perPeriod(range, scored);
      // The most negative conversations: of a number, or those an agent holds now.
      const negatives = f.sentiment
        .filter(inRange(range))
        .filter(
          (s) =>
            s.label === 'negative' &&
            (!filter ||
              ('phoneNumberId' in filter && s.number === filter.phoneNumberId) ||
              ('agentId' in filter && holderNow?.(s.conversationId) === filter.agentId)),
        );
      const conversations = [...new Set(negatives.map((s) => s.conversationId))]
        .map((conversationId) => {
          const mine = negatives.filter((s) => s.conversationId === conversationId);
          const face = source.conversations.find((c) => c.id === conversationId) as Conversation;
          return {
            conversationId,
            phone: face.phone,
            name: face.name,
            negativeMessages: mine.length,
            averageScore: round3(mine.reduce((sum, s) => sum + s.score, 0) / mine.length),
            lastNegativeAt: new Date(Math.max(...mine.map((s) => s.at))).toISOString(),
          };
        })
        .sort(
          (a, b) =>
            b.negativeMessages - a.negativeMessages ||
            a.averageScore - b.averageScore ||
            Date.parse(b.lastNegativeAt) - Date.parse(a.lastNegativeAt),
        )
        .slice(0, 10);
      const words = new Map<string, number>();
      for (const s of negatives) for (const word of negativeWordsOf(s.text)) words.set(word, (words.get(word) ?? 0) + 1);
      return {
        totals: countsOf(scored),
        series: periodsOf(range).map((period) => ({ bucket: new Date(period).toISOString(), ...countsOf(of(period)) })),
        mostNegative: conversations,
        negativeWords: [...words]
          .map(([word, count]) => ({ word, count }))
          .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
          .slice(0, 20),
      };
    },

    templates(range: OracleRange, templateName?: string) {
      const sends = source.messages
        .filter(inRange(range))
        .filter((m) => m.templateName !== null && (templateName === undefined || m.templateName === templateName));
      const of = perPeriod(range, sends);
      const names = [...new Set(sends.map((m) => m.templateName as string))].sort();
      const series = periodsOf(range).flatMap((period) =>
        names
          .map((name) => ({
            bucket: new Date(period).toISOString(),
            templateName: name,
            ...sendCounts(
              of(period)
                .filter((m) => m.templateName === name)
                .map((m) => m.status),
            ),
          }))
          .filter((row) => row.total > 0),
      );
      const templates = names
        .map((name) => {
          const counts = sendCounts(sends.filter((m) => m.templateName === name).map((m) => m.status));
          return {
            templateName: name,
            ...counts,
            deliveryRate: rate(counts.delivered, counts.sent),
            readRate: rate(counts.read, counts.delivered),
          };
        })
        .sort((a, b) => b.total - a.total || a.templateName.localeCompare(b.templateName));
      return { series, templates, totals: sendCounts(sends.map((m) => m.status)) };
    },
  };
}

export type FiguresOracle = ReturnType<typeof figuresOracle>;
