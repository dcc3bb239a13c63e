import { isDeepStrictEqual } from 'node:util';
import type { User } from '@wac/contract/auth';
import { type CampaignAction, campaignStatusAfter } from '@wac/contract/campaign-states';
import {
  type Campaign,
  campaignLimits,
  type campaignListQuerySchema,
  type campaignStatusResponseSchema,
  type createCampaignBodySchema,
  type testCampaignTemplateBodySchema,
  type updateCampaignBodySchema,
} from '@wac/contract/campaigns';
import { paginationOf } from '@wac/contract/common';
import type { SendComponent, Template } from '@wac/contract/templates';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import { addContacts, addRecentCustomers, contactsOf, removeAllContacts, removeContact, uploadContacts } from './campaign-contacts.ts';
import { type CampaignDeps, recordCampaignActivity } from './campaign-deps.ts';
import { requeueFailed } from './campaign-dispatch.repository.ts';
import { emitProgressNow } from './campaign-progress.ts';
import { assertCampaignTemplate, findCampaignTemplate, personalisedTemplate, recipientValues } from './campaign-template.ts';
import { toCampaign } from './campaign-view.ts';
import {
  type CampaignRow,
  campaignById,
  copyRecipients,
  countCampaigns,
  countsOf,
  deleteCampaign,
  insertCampaign,
  listCampaigns,
  lockCampaign,
  recipientCounts,
  updateCampaign,
} from './campaigns.repository.ts';
import { lockedFor, CAMPAIGN_NOT_FOUND as NOT_FOUND } from './locked-campaign.ts';
import { dryRun, type StartOptions, startCampaign } from './start-campaign.ts';

/** Campaigns (spec 7 "Campaigns"): drafts, their template and audience, and the actions that move them through their life. */
export function createCampaignsService(deps: CampaignDeps, dispatch: { kick: () => void }) {
  const { db, templates, license } = deps;
  license.registerUsage('campaigns', countCampaigns);

  const record = (tx: Tx, actor: User, type: string, name: string, details?: string) =>
    recordCampaignActivity(deps, tx, actor, type, name, details);

  const currentTemplate = (row: CampaignRow) => templates.find(row.templateName, row.templateLanguage);
  /** The number a campaign names (id or display number), listed and enabled; the first when it names none. */
  const sendingNumberOf = (from: string | undefined) => deps.numbers.sendingNumber(from, 'phoneNumberId');

  async function view(row: CampaignRow, creatorName: string | null): Promise<Campaign> {
    const [counts, template] = await Promise.all([countsOf(db, row.id), currentTemplate(row)]);
    return toCampaign(row, creatorName, counts, template, deps.phoneNumberId);
  }

  async function get(id: number): Promise<Campaign> {
    const found = await campaignById(db, id);
    if (!found) throw notFound(NOT_FOUND);
    return view(found.campaign, found.creatorName);
  }

  /** The status moves and the activity is written in one transaction; the dispatcher hears of it once committed. */
  async function act(actor: User, id: number, action: CampaignAction, type: string, change: Partial<CampaignRow> = {}, details?: string) {
    await inTransaction(db, async (tx) => {
      const row = await lockedFor(tx, id, action);
      await updateCampaign(tx, id, { status: campaignStatusAfter(row.status, action), statusReason: null, ...change });
      await record(tx, actor, type, row.name, details);
      afterCommit(tx, () => {
        dispatch.kick();
        void emitProgressNow(deps, id);
      });
    });
    return status(id);
  }

  async function status(id: number): Promise<z.infer<typeof campaignStatusResponseSchema>> {
    const { _id, status, statusReason, counts, actions, scheduleTime } = await get(id);
    return { _id, status, statusReason, counts, actions, scheduleTime };
  }

  function templateFields(template: Template, components: SendComponent[]) {
    assertCampaignTemplate(template, components);
    return { templateId: template.id, templateName: template.name, templateLanguage: template.language, components };
  }

  const bound = bindDeps(deps);

  return {
    get,
    status,
    contacts: bound(contactsOf),
    addContacts: bound(addContacts),
    addRecentCustomers: bound(addRecentCustomers),
    uploadContacts: bound(uploadContacts),
    removeContact: bound(removeContact),
    removeAllContacts: bound(removeAllContacts),

    /** The templates a campaign can send: approved at Meta, newest first. */
    async sendableTemplates() {
      const { templates: found } = await templates.search({ status: 'APPROVED', limit: 100, offset: 0 });
      const sendable = found.filter((template) => template.supported);
      return { templates: sendable, total: sendable.length };
    },

    template: (id: number) => templates.get(id),

    /** One contact's values in the parameters, checked against the template as a send would be. */
    async testTemplate(body: z.infer<typeof testCampaignTemplateBodySchema>) {
      const template = await findCampaignTemplate(templates, body);
      const result = personalisedTemplate(template, body.components, recipientValues(body.contact));
      assertCampaignTemplate(template, result.processedComponents);
      return result;
    },

    async list(query: z.infer<typeof campaignListQuerySchema>) {
      const { rows, total } = await listCampaigns(
        db,
        { status: query.status, search: query.search },
        query.limit,
        (query.page - 1) * query.limit,
      );
      const counts = await recipientCounts(
        db,
        rows.map((r) => r.campaign.id),
      );
      const campaigns = await Promise.all(
        rows.map(async ({ campaign, creatorName }) =>
          toCampaign(
            campaign,
            creatorName,
            counts.get(campaign.id) as Campaign['counts'],
            await currentTemplate(campaign),
            deps.phoneNumberId,
          ),
        ),
      );
      return { campaigns, pagination: paginationOf(query.page, query.limit, total) };
    },

    /** A draft, counted against the campaigns quota; its template must be approved and fit its parameters. */
    async create(actor: User, body: z.infer<typeof createCampaignBodySchema>): Promise<Campaign> {
      const template = await findCampaignTemplate(templates, body);
      const row = await inTransaction(db, async (tx) => {
        await license.checkQuota(tx, 'campaigns', 1);
        const row = await insertCampaign(tx, {
          name: body.name,
          description: body.description || null,
          ratePerSecond: body.ratePerSecond,
          phoneNumberId: await sendingNumberOf(body.phoneNumberId),
          retryHeldBack: body.retryHeldBack,
          createdBy: actor.id,
          ...templateFields(template, body.components),
        });
        await record(tx, actor, 'campaign_created', row.name);
        return row;
      });
      return view(row, actor.username);
    },

    /** Only drafts and scheduled campaigns; naming another template without parameters clears them. */
    async update(actor: User, id: number, body: z.infer<typeof updateCampaignBodySchema>): Promise<Campaign> {
      await inTransaction(db, async (tx) => {
        const row = await lockedFor(tx, id, 'update');
        const renamesTemplate = body.templateId !== undefined || body.templateName !== undefined;
        const template = renamesTemplate ? await findCampaignTemplate(templates, body) : await currentTemplate(row);
        if (!template) throw badRequest(`The template ${row.templateName} (${row.templateLanguage}) no longer exists; choose another`);
        const components = body.components ?? (renamesTemplate ? [] : (row.components as SendComponent[]));
        const changes = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description || null } : {}),
          ...(body.ratePerSecond !== undefined ? { ratePerSecond: body.ratePerSecond } : {}),
          ...(body.phoneNumberId !== undefined ? { phoneNumberId: await sendingNumberOf(body.phoneNumberId) } : {}),
          ...(body.retryHeldBack !== undefined ? { retryHeldBack: body.retryHeldBack } : {}),
          ...templateFields(template, components),
        };
        // The campaign saved back as it was read changes nothing, not even its time of change.
        if (Object.entries(changes).every(([key, value]) => isDeepStrictEqual(row[key as keyof typeof changes], value))) return;
        await updateCampaign(tx, id, changes);
        await record(tx, actor, 'campaign_updated', row.name);
      });
      return get(id);
    },

    async remove(actor: User, id: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        const row = await lockedFor(tx, id, 'delete');
        await deleteCampaign(tx, id);
        await record(tx, actor, 'campaign_deleted', row.name);
      });
    },

    /** A new draft with the same template, parameters, pacing and audience, and none of the original's sending. */
    async duplicate(actor: User, id: number): Promise<Campaign> {
      const copy = await inTransaction(db, async (tx) => {
        const original = await lockCampaign(tx, id);
        if (!original) throw notFound(NOT_FOUND);
        await license.checkQuota(tx, 'campaigns', 1);
        const copy = await insertCampaign(tx, {
          name: `Copy of ${original.name}`.slice(0, campaignLimits.name),
          description: original.description,
          templateId: original.templateId,
          templateName: original.templateName,
          templateLanguage: original.templateLanguage,
          components: original.components,
          ratePerSecond: original.ratePerSecond,
          phoneNumberId: original.phoneNumberId,
          retryHeldBack: original.retryHeldBack,
          createdBy: actor.id,
        });
        await copyRecipients(tx, original.id, copy.id);
        await record(tx, actor, 'campaign_duplicated', original.name);
        return copy;
      });
      return view(copy, actor.username);
    },

    schedule(actor: User, id: number, scheduleTime: Date) {
      if (scheduleTime.getTime() <= Date.now()) {
        throw badRequest('scheduleTime must be in the future', [{ field: 'scheduleTime', message: 'must be in the future' }]);
      }
      return act(actor, id, 'schedule', 'campaign_scheduled', { scheduleTime }, scheduleTime.toISOString());
    },

    cancelSchedule: (actor: User, id: number) => act(actor, id, 'cancel-schedule', 'campaign_schedule_cancelled', { scheduleTime: null }),
    pause: (actor: User, id: number) => act(actor, id, 'pause', 'campaign_paused'),
    resume: (actor: User, id: number) => act(actor, id, 'resume', 'campaign_resumed'),
    cancel: (actor: User, id: number) => act(actor, id, 'cancel', 'campaign_cancelled', { completedAt: new Date() }),

    async start(actor: User, id: number, options: StartOptions) {
      const { warnings } = await startCampaign(deps, actor, id, options, dispatch.kick);
      return { ...(await status(id)), warnings };
    },

    /** Starts a campaign whose time came, as nobody in particular. */
    startDue: (id: number) => startCampaign(deps, null, id, {}, dispatch.kick),

    preflight: (id: number) => dryRun(deps, id),

    /** Failed and unknown-outcome recipients go back in the queue, and the campaign runs again for them. */
    async retryFailed(actor: User, id: number) {
      await inTransaction(db, async (tx) => {
        const row = await lockedFor(tx, id, 'retry-failed');
        const requeued = await requeueFailed(tx, id);
        if (requeued === 0) throw badRequest('The campaign has no failed recipients to retry');
        await updateCampaign(tx, id, { status: 'running', statusReason: null, completedAt: null });
        await record(tx, actor, 'campaign_retried', row.name, `${requeued.toLocaleString('en')} recipients`);
        afterCommit(tx, () => {
          dispatch.kick();
          void emitProgressNow(deps, id);
        });
      });
      return status(id);
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
