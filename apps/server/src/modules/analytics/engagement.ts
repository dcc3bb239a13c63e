import type { AnalyticsQuery, Engagement } from '@wac/contract/analytics';
import { groupBy } from '../../lib/group-by.ts';
import { scopeOf } from './analytics-filters.ts';
import { rangeAnswer, resolveRange } from './analytics-range.ts';
import type { MetricsDeps } from './metrics.service.ts';
import { countsByPeriod, countsByValue, type KeyCount, periodsOf } from './rollups.repository.ts';

/*
 * GET /api/analytics/engagement: template and campaign sends and what became of them (measure engagement, keys
 * `template:sent|delivered|read|replied` and `campaign:…`): every template message counts as a template send, a
 * campaign's among them also as a campaign send; "replied" is the customer writing within 24 hours.
 */

type Kind = 'template' | 'campaign';
type Figures = Engagement['templates'];

function figuresOf(counts: readonly KeyCount[], kind: Kind): Figures {
  const of = (outcome: string) => counts.reduce((sum, c) => sum + (c.key === `${kind}:${outcome}` ? c.count : 0), 0);
  const delivered = of('delivered');
  const replied = of('replied');
  return {
    sent: of('sent'),
    delivered,
    read: of('read'),
    replied,
    replyRate: delivered === 0 ? 0 : Math.round((replied / delivered) * 1000) / 10,
  };
}

function byValue(counts: readonly (KeyCount & { value: string })[], kind: Kind): [string, Figures][] {
  return [...groupBy(counts, (c) => c.value)]
    .map(([value, ofValue]): [string, Figures] => [value, figuresOf(ofValue, kind)])
    .sort(([a, x], [b, y]) => y.sent - x.sent || a.localeCompare(b));
}

export async function engagement(deps: MetricsDeps, query: AnalyticsQuery): Promise<Engagement> {
  const { db } = deps;
  const range = await resolveRange(db, query, await deps.appTimezone());
  const scope = await scopeOf(db, query, '/api/analytics/engagement');
  const [periods, byPeriod, byTemplate, byCampaign] = await Promise.all([
    periodsOf(db, range),
    countsByPeriod(db, { measure: 'engagement', dimension: scope.dimension, value: scope.value }, range),
    // A template's sends cannot also be split by campaign: narrowed to a campaign, the answer has no templates.
    scope.dimension === '' ? countsByValue(db, { measure: 'engagement', dimension: 'template', keyPrefix: 'template:' }, range) : [],
    countsByValue(db, { measure: 'engagement', dimension: 'campaign', keyPrefix: 'campaign:' }, range),
  ]);
  const campaigns = byValue(
    byCampaign.filter((c) => /^\d+$/.test(c.value) && (scope.dimension === '' || c.value === scope.value)),
    'campaign',
  );
  const names = await deps.campaignNames(campaigns.map(([id]) => Number(id)));
  const inPeriod = groupBy(byPeriod, (c) => c.period.getTime());
  return {
    range: rangeAnswer(range),
    templates: figuresOf(byPeriod, 'template'),
    campaigns: figuresOf(byPeriod, 'campaign'),
    series: periods.map((period) => {
      const figures = figuresOf(inPeriod.get(period.getTime()) ?? [], 'template');
      return { bucket: period.toISOString(), sent: figures.sent, replied: figures.replied };
    }),
    byTemplate: byValue(byTemplate, 'template').map(([templateName, figures]) => ({ templateName, ...figures })),
    byCampaign: campaigns.map(([id, figures]) => ({
      campaign: { id: Number(id), name: names.get(Number(id)) ?? `Campaign ${id}` },
      ...figures,
    })),
  };
}
