import { placeholdersOf } from '@wac/contract/campaigns';
import { marketOf } from '@wac/contract/phone-country';
import { checkSendComponents } from '@wac/contract/template-parameters';
import { issueText } from '@wac/contract/template-rules';
import type { SendComponent, Template } from '@wac/contract/templates';
import { isBsuid } from '@wac/contract/whatsapp-user-id';
import type { DbOrTx } from '../../db/database.ts';
import { recipientComponents } from './campaign-sends.ts';
import { recipientValues } from './campaign-template.ts';
import { type CampaignRow, pendingRecipientsAfter, type RecipientRow } from './campaigns.repository.ts';

/** Rows listed by a pre-flight; the rest are counted. */
export const PREFLIGHT_PROBLEMS_LISTED = 100;
const PAGE = 5_000;

export interface PreflightProblem {
  contactId: string;
  phone: string;
  reason: string;
}

export interface Preflight {
  /** Recipients waiting to be sent. */
  recipients: number;
  /** How many of them per market (their number's country, or their BSUID's; null when unknown): what prices go by. */
  byMarket: Map<string | null, number>;
  problems: PreflightProblem[];
  problemCount: number;
  /** Ids of every recipient with a problem (a start that skips them marks them skipped). */
  problemIds: number[];
}

/** A recipient's market: the country of their number ('+' and digits), or of their BSUID. */
const recipientMarket = (phone: string) =>
  marketOf(isBsuid(phone) ? { phone: null, bsuid: phone } : { phone: phone.replace(/^\+/, ''), bsuid: null });

/** Why Meta would refuse this recipient's message (a missing or empty value, too long, a bad link...), or null. */
export function recipientProblem(template: Template, campaign: Pick<CampaignRow, 'components'>, row: RecipientRow): string | null {
  const values = recipientValues({ ...row, variables: row.variables as Record<string, string> });
  const missing = placeholdersOf(campaign.components as SendComponent[]).filter((key) => !values[key]?.trim());
  if (missing.length > 0) return `No value for ${missing.map((key) => `{{${key}}}`).join(', ')}`;
  const [issue] = checkSendComponents(template, recipientComponents(campaign, row));
  return issue ? issueText(issue) : null;
}

/** Renders the template for every waiting recipient, a page at a time, and lists those Meta would refuse. */
export async function preflight(db: DbOrTx, campaign: CampaignRow, template: Template): Promise<Preflight> {
  const result: Preflight = { recipients: 0, byMarket: new Map(), problems: [], problemCount: 0, problemIds: [] };
  let after = 0;
  for (;;) {
    const page = await pendingRecipientsAfter(db, campaign.id, after, PAGE);
    for (const row of page) {
      result.recipients += 1;
      const market = recipientMarket(row.phone);
      result.byMarket.set(market, (result.byMarket.get(market) ?? 0) + 1);
      const reason = recipientProblem(template, campaign, row);
      if (!reason) continue;
      result.problemCount += 1;
      result.problemIds.push(row.id);
      if (result.problems.length < PREFLIGHT_PROBLEMS_LISTED) result.problems.push({ contactId: String(row.id), phone: row.phone, reason });
    }
    if (page.length < PAGE) return result;
    after = (page.at(-1) as RecipientRow).id;
  }
}
