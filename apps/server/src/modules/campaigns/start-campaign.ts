import type { User } from '@wac/contract/auth';
import type { CampaignPreflight } from '@wac/contract/campaigns';
import { estimateCost, pricingCategoryOf } from '@wac/contract/pricing';
import type { SendComponent, Template } from '@wac/contract/templates';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import type { PhoneNumberLimits } from '../../whatsapp/cloud-api-client.ts';
import { type CampaignDeps, campaignNumber, recordCampaignActivity, recordSystemCampaignActivity } from './campaign-deps.ts';
import { type Preflight, preflight } from './campaign-preflight.ts';
import { emitProgressNow } from './campaign-progress.ts';
import { assertCampaignTemplate } from './campaign-template.ts';
import { type CampaignRow, campaignById, countsOf, skipRecipients, updateCampaign } from './campaigns.repository.ts';
import { CAMPAIGN_NOT_FOUND, lockedFor } from './locked-campaign.ts';

export const NO_CONTACTS = 'The campaign has no contacts to send to; add contacts first';

export interface StartOptions {
  /** Marks the recipients the pre-flight refuses as skipped instead of refusing the start. */
  skipInvalid?: boolean;
}

export interface PreflightReport extends Omit<Preflight, 'problemIds' | 'byMarket'> {
  /** What to know before sending, such as a messaging-limit tier below the recipients. */
  warnings: string[];
  from: CampaignPreflight['from'];
  cost: CampaignPreflight['cost'];
}

async function templateOf(deps: CampaignDeps, row: CampaignRow): Promise<Template> {
  const template = await deps.templates.find(row.templateName, row.templateLanguage);
  if (!template) throw badRequest(`The template ${row.templateName} (${row.templateLanguage}) no longer exists; choose another`);
  assertCampaignTemplate(template, row.components as SendComponent[]);
  return template;
}

/**
 * The number the campaign sends from, as customers see it, and what to know about it: Meta's messaging limit
 * (unique customers a day) below the recipients is a warning, as Meta would stop the rest.
 */
async function senderFacts(
  deps: CampaignDeps,
  campaign: CampaignRow,
  recipients: number,
): Promise<Pick<PreflightReport, 'warnings' | 'from'>> {
  // A number disabled since the campaign was saved cannot send it: a clear 400, nothing sent.
  const phoneNumberId = await deps.numbers.sendingNumber(campaignNumber(deps, campaign), 'phoneNumberId');
  let limits: PhoneNumberLimits;
  try {
    limits = await deps.phoneNumberLimits(phoneNumberId);
  } catch (err) {
    deps.log.warn({ err }, 'could not read the phone number’s messaging limit');
    const from = { phoneNumberId, displayPhoneNumber: null };
    return { from, warnings: ['The phone number’s messaging limit could not be read from Meta'] };
  }
  const from = { phoneNumberId, displayPhoneNumber: limits.displayPhoneNumber };
  const perDay = limits.uniqueRecipientsPer24h;
  if (perDay === null || perDay >= recipients) return { from, warnings: [] };
  return {
    from,
    warnings: [
      `The phone number's messaging limit (${limits.tier}) allows ${perDay.toLocaleString('en')} customers a day, fewer than the ${recipients.toLocaleString('en')} recipients: Meta will refuse the rest until the limit grows`,
    ],
  };
}

async function checked(deps: CampaignDeps, id: number) {
  const found = await campaignById(deps.db, id);
  if (!found) throw notFound(CAMPAIGN_NOT_FOUND);
  const template = await templateOf(deps, found.campaign);
  const report = await preflight(deps.db, found.campaign, template);
  return { row: found.campaign, report, ...(await senderFacts(deps, found.campaign, report.recipients)) };
}

/** The dry run: every waiting recipient rendered, those Meta would refuse listed, what to know before sending, and from which number. */
export async function dryRun(deps: CampaignDeps, id: number): Promise<PreflightReport> {
  const { row, report, warnings, from } = await checked(deps, id);
  const { problemIds: _ids, byMarket, ...listed } = report;
  const template = await templateOf(deps, row);
  const { currency, rates } = await deps.prices.rates();
  return { ...listed, warnings, from, cost: estimateCost(rates, currency, pricingCategoryOf(template.category), byMarket) };
}

function refuseProblems(report: Preflight): never {
  const first = report.problems[0];
  throw badRequest(
    `${report.problemCount.toLocaleString('en')} recipient${report.problemCount === 1 ? '' : 's'} cannot be sent as they are (${first?.phone}: ${first?.reason}); fix or remove them, or start skipping them`,
    { problems: report.problems, problemCount: report.problemCount },
  );
}

async function skipProblems(tx: Tx, report: Preflight): Promise<void> {
  for (let k = 0; k < report.problemIds.length; k += 10_000) {
    const ids = report.problemIds.slice(k, k + 10_000);
    await skipRecipients(tx, ids, 'Skipped by the pre-flight');
  }
}

/**
 * Sends a draft or scheduled campaign now: its template approved, at least one recipient waiting, every recipient's
 * message valid (or skipped on request), and the day's messages quota enough for all of them (402 with `requested`
 * before anything is sent). The dispatcher is kicked once the campaign runs.
 */
export async function startCampaign(
  deps: CampaignDeps,
  actor: User | null,
  id: number,
  options: StartOptions,
  kick: () => void,
): Promise<{ warnings: string[] }> {
  const { row, report, warnings } = await checked(deps, id);
  if (report.recipients === 0) throw badRequest(NO_CONTACTS);
  if (report.problemCount > 0 && !options.skipInvalid) refuseProblems(report);
  await inTransaction(deps.db, async (tx) => {
    await lockedFor(tx, id, 'start');
    if (options.skipInvalid) await skipProblems(tx, report);
    const { pending } = await countsOf(tx, id);
    if (pending === 0) throw badRequest(NO_CONTACTS);
    await deps.license.assertDailyAvailable('messages', pending);
    // A start on schedule keeps its time, which the campaign's page shows; started by hand, it was not scheduled.
    const schedule = actor ? { scheduleTime: null } : {};
    await updateCampaign(tx, id, { status: 'running', statusReason: null, ...schedule, startedAt: row.startedAt ?? new Date() });
    const details = warnings.join('; ') || undefined;
    if (actor) await recordCampaignActivity(deps, tx, actor, 'campaign_started', row.name, details);
    else await recordSystemCampaignActivity(deps, tx, 'campaign_started', row.name, details ?? 'on schedule');
    afterCommit(tx, () => {
      kick();
      void emitProgressNow(deps, id);
    });
  });
  return { warnings };
}
