import { setTimeout as sleep } from 'node:timers/promises';
import type { SendComponent, Template } from '@wac/contract/templates';
import type { Tx } from '../../db/database.ts';
import { publishInTransaction } from '../../events/domain-events.ts';
import { AppError } from '../../http/app-error.ts';
import { createKickableLoop, type KickableLoop } from '../../jobs/kickable-loop.ts';
import { freshFor } from '../../lib/fresh-for.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import { assertSendable } from '../templates/index.ts';
import { type CampaignDeps, campaignNumber, recordSystemCampaignActivity } from './campaign-deps.ts';
import {
  applyRecipientChanges,
  claimRecipients,
  completeIfDone,
  giveUpInDoubt,
  hasDueRecipient,
  lockRecipients,
  lockRunning,
  releaseDueHeldBack,
  reserveSlot,
  runningCampaigns,
  type Slot,
  slowDown,
} from './campaign-dispatch.repository.ts';
import { type CampaignProgress, createCampaignProgress, emitProgressNow } from './campaign-progress.ts';
import { acceptedSendsOf, callbackDataOf, recipientComponents } from './campaign-sends.ts';
import { pauseRunning } from './campaign-stop.ts';
import { completionSummary } from './campaign-view.ts';
import { type CampaignRow, countsOf, type RecipientRow } from './campaigns.repository.ts';
import { outcomeOfError, type SendOutcome, settleDecision } from './send-outcome.ts';

export interface DispatcherOptions {
  /** Off only for the dispatch benchmark: sends as fast as the Graph API answers. */
  paced: boolean;
  /** Slices sent but not settled yet, per process; more wait for one to settle. */
  maxInFlight: number;
  /**
   * Reservations a process pursues at once: while one waits for its slot or claims, the next reserves the following
   * slot, so a slow claim does not leave slots unused.
   */
  lanes: number;
  /** Safety-net pass for campaigns started by other processes, waits that came due and a crash's leftovers. */
  intervalMs: number;
}

export const defaultDispatcherOptions: DispatcherOptions = { paced: true, maxInFlight: 16, lanes: 2, intervalMs: 1_000 };

interface Reservation {
  campaign: CampaignRow;
  template: Template;
  slot: Slot;
}

interface Slice {
  campaign: CampaignRow;
  template: Template;
  recipients: RecipientRow[];
}

const CACHE_MS = 1_000;

const OPTED_OUT = 'The customer last wrote an opt-out keyword (Settings), so campaigns do not message them.';
const STOPPED_MARKETING =
  'The customer told WhatsApp to stop marketing messages from this business, so campaigns of marketing templates do not message them until they resume.';

const IN_DOUBT_EXPLANATION =
  'The send’s answer was lost (a restart or a timeout) and Meta reported nothing about it. Retry it only if the customer did not receive the message.';

/**
 * Sends running campaigns, in every server process at once. The phone number's next pacing slot is reserved first;
 * when it comes, a slice of recipients is claimed with its messages quota (the campaign share-locked, so a pause
 * waits for it), sent at once, each message once (no automatic retry: Meta has no idempotency key), and settled in
 * one transaction.
 */
export function createCampaignDispatcher(deps: CampaignDeps, options: DispatcherOptions = defaultDispatcherOptions) {
  const { db, log } = deps;
  const progress: CampaignProgress = createCampaignProgress(deps);
  const inFlight = new Map<number, Set<Promise<void>>>();
  const claimLead = createClaimLead();
  const flying = () => [...inFlight.values()].reduce((n, set) => n + set.size, 0);
  // Read for every slice; a template paused at Meta or new opt-out words are seen within a second.
  const templateOf = freshFor(CACHE_MS, (key: string) => {
    const [name = '', language = ''] = key.split('\n');
    return deps.templates.find(name, language);
  });
  const optKeywords = freshFor(CACHE_MS, () => deps.optKeywords());

  /**
   * Customers who opted out are skipped, never sent to, and counted as such: by their last keyword, and for a marketing
   * template also by WhatsApp's own stop of marketing messages.
   */
  async function skipOptedOut(tx: Tx, claimed: RecipientRow[], template: Template): Promise<RecipientRow[]> {
    const phones = claimed.map((r) => r.phone);
    const out = await deps.messaging.optedOut(phones, await optKeywords(null));
    const stopped = template.category === 'MARKETING' ? await deps.messaging.marketingOptedOut(phones) : new Set<string>();
    if (out.size === 0 && stopped.size === 0) return claimed;
    const skip = (r: RecipientRow) => out.has(r.phone) || stopped.has(r.phone);
    await applyRecipientChanges(
      tx,
      claimed
        .filter(skip)
        .map((r) =>
          out.has(r.phone)
            ? { id: r.id, state: 'skipped', errorCode: null, errorTitle: 'Opted out', errorDetails: OPTED_OUT }
            : { id: r.id, state: 'skipped', errorCode: null, errorTitle: 'Stopped marketing messages', errorDetails: STOPPED_MARKETING },
        ),
    );
    return claimed.filter((r) => !skip(r));
  }

  /**
   * Takes the number's next slot for the campaign in a short transaction, once its template is still sendable and
   * a recipient is due; recipients are claimed only when the slot comes, so a crash while waiting leaves none in doubt.
   */
  async function reserve(campaign: CampaignRow): Promise<Reservation | 'busy' | null> {
    return inTransaction(db, async (tx) => {
      const running = await lockRunning(tx, campaign.id);
      if (!running) return null;
      const template = await templateOf(`${running.templateName}\n${running.templateLanguage}`);
      const refusal = templateRefusal(template, running);
      if (refusal !== null || !template) {
        await pauseRunning(deps, tx, running, refusal ?? '');
        return null;
      }
      const slot = await reserveSlot(tx, campaignNumber(deps, running), running.ratePerSecond, options.paced);
      if (!slot) return 'busy';
      if (running.retryHeldBack) await releaseDueHeldBack(tx, running.id);
      if (!(await hasDueRecipient(tx, running.id))) return null;
      await slot.take();
      return { campaign: running, template, slot };
    });
  }

  /**
   * At the slot: its recipients claimed, opted-out customers skipped and the batch's messages quota consumed, at once.
   * A claim that ends after `deadline` (its sends could reach Meta in the next second) is rolled back whole, and the
   * slot's messages are given back to its second.
   */
  async function claim({ campaign, template, slot }: Reservation, deadline: number): Promise<Slice | null> {
    try {
      return await inTransaction(db, async (tx) => {
        if (!(await lockRunning(tx, campaign.id))) return null;
        const claimed = await claimRecipients(tx, campaign.id, slot.size);
        if (claimed.length === 0) return null;
        const recipients = await skipOptedOut(tx, claimed, template);
        if (recipients.length > 0) await deps.license.consumeMessages(tx, recipients.length);
        if (performance.now() > deadline) throw new SlotMissed();
        return { campaign, template, recipients };
      });
    } catch (err) {
      if (err instanceof SlotMissed) {
        await slot.giveBack(db);
        return null;
      }
      if (!(err instanceof AppError) || err.code !== 'QUOTA_EXCEEDED') throw err;
      await inTransaction(db, async (tx) => {
        const running = await lockRunning(tx, campaign.id);
        if (running)
          await pauseRunning(deps, tx, running, 'The licence’s daily messages quota is used up; resume it tomorrow or raise the quota');
      });
      return null;
    }
  }

  async function send(slice: Slice): Promise<SendOutcome[]> {
    // Media headers are the same for everyone: our uploads become Meta media ids once per slice.
    const base = { components: await deps.templates.graphComponents(slice.campaign.components as SendComponent[]) };
    const { name, language } = slice.template;
    const marketing = await deps.messaging.viaMarketingApi(slice.template.category);
    const answers = await deps.messaging.sendTemplateBatch(
      slice.recipients.map((recipient) => ({
        waId: recipient.waId,
        phoneNumberId: campaignNumber(deps, slice.campaign),
        marketing,
        name,
        language,
        components: recipientComponents(base, recipient),
        callbackData: callbackDataOf(recipient.id),
      })),
    );
    return answers.map((answer): SendOutcome => ('wamid' in answer ? { kind: 'sent', wamid: answer.wamid } : outcomeOfError(answer.error)));
  }

  async function settle(slice: Slice, outcomes: SendOutcome[]): Promise<void> {
    const now = new Date();
    let slow = false;
    await deps.messaging.settleTemplateSends(
      outcomes.flatMap((o) => (o.kind === 'sent' ? [o.wamid] : [])),
      async (tx) => {
        const current = new Map(
          (
            await lockRecipients(
              tx,
              slice.recipients.map((r) => r.id),
            )
          ).map((r) => [r.id, r]),
        );
        const changes = slice.recipients.flatMap((recipient, k) => {
          const row = current.get(recipient.id);
          if (!row) return [];
          const decision = settleDecision(row, outcomes[k] as SendOutcome, now);
          slow ||= decision.slowDown;
          return decision.change ? [decision.change] : [];
        });
        return {
          accepted: acceptedSendsOf(deps, slice.template, slice.campaign, current, changes),
          record: async (messageIds) => {
            for (const change of changes) if (change.wamid) change.messageId = messageIds.get(change.wamid) ?? null;
            await applyRecipientChanges(tx, changes);
          },
        };
      },
    );
    if (slow) await inTransaction(db, (tx) => slowDown(tx, campaignNumber(deps, slice.campaign)));
    await progress.maybeEmit(slice.campaign.id);
  }

  function launch(slice: Slice): void {
    const set = inFlight.get(slice.campaign.id) ?? new Set();
    inFlight.set(slice.campaign.id, set);
    const work = (async () => {
      const outcomes = await send(slice);
      await settle(slice, outcomes);
    })()
      .catch((err) => log.error({ err, campaignId: slice.campaign.id }, 'a campaign slice could not be settled; its sends stay in doubt'))
      .finally(() => {
        set.delete(work);
        loop.kick();
      });
    set.add(work);
  }

  /** A running campaign with nothing to claim: its in-doubt sends past the grace are given up, and it may be done. */
  async function finishIfDone(campaign: CampaignRow): Promise<void> {
    const unknown = await giveUpInDoubt(db, campaign.id, deps.inDoubtGraceMs, IN_DOUBT_EXPLANATION);
    if (unknown > 0) log.warn({ campaignId: campaign.id, unknown }, 'campaign sends with no answer and no status: outcome unknown');
    if (inFlight.get(campaign.id)?.size) return;
    await inTransaction(db, async (tx) => {
      if (!(await completeIfDone(tx, campaign.id))) return;
      const counts = await countsOf(tx, campaign.id);
      await recordSystemCampaignActivity(deps, tx, 'campaign_completed', campaign.name, completionSummary(counts));
      const finished = { type: 'campaign.finished', campaign: { id: campaign.id, name: campaign.name, counts } } as const;
      await publishInTransaction(tx, deps, [finished]);
      afterCommit(tx, () => void emitProgressNow(deps, campaign.id));
    });
  }

  async function pass(stopping: () => boolean): Promise<void> {
    await Promise.all(Array.from({ length: options.lanes }, () => lane(stopping)));
  }

  async function lane(stopping: () => boolean): Promise<void> {
    let claimed = true;
    while (claimed && !stopping()) {
      claimed = false;
      for (const campaign of await runningCampaigns(db)) {
        if (stopping()) break;
        while (flying() >= options.maxInFlight) await Promise.race([...inFlight.values()].flatMap((set) => [...set]));
        const reservation = await reserve(campaign);
        if (reservation === 'busy') {
          claimed = true;
          await sleep(10);
        } else if (reservation) {
          claimed = true;
          // Wakes early by about the time a claim takes, so that the sends leave when the slot starts.
          const slotAt = performance.now() + reservation.slot.waitMs;
          await sleep(Math.max(0, reservation.slot.waitMs - claimLead.ms));
          const claimStart = performance.now();
          const slice = await claim(reservation, slotAt + reservation.slot.leewayMs);
          claimLead.observe(performance.now() - claimStart);
          if (slice) {
            const early = slotAt - performance.now();
            if (early > 0) await sleep(early);
            launch(slice);
          }
        } else {
          await finishIfDone(campaign);
        }
      }
    }
  }

  const loop: KickableLoop = createKickableLoop({
    run: pass,
    intervalMs: options.intervalMs,
    onError: (err) => log.error({ err }, 'campaign dispatch pass failed'),
  });

  return {
    loop: {
      start: loop.start,
      kick: loop.kick,
      async stop() {
        await loop.stop();
        await Promise.all([...inFlight.values()].flatMap((set) => [...set]));
      },
    },
  };
}

/** Rolls a claim back: it ended after its slot. */
class SlotMissed extends Error {}

/** How long claims take lately (a moving average, at most 40 ms): the dispatcher wakes that much before a slot. */
function createClaimLead() {
  let ms = 10;
  return {
    get ms() {
      return ms;
    },
    observe(took: number) {
      ms = Math.min(40, ms * 0.8 + took * 0.2);
    },
  };
}

/** Why a running campaign's template can no longer be sent (paused or disabled at Meta...), or null. */
function templateRefusal(template: Template | null, campaign: CampaignRow): string | null {
  if (!template) return `Its template ${campaign.templateName} (${campaign.templateLanguage}) no longer exists`;
  try {
    assertSendable(template);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export type CampaignDispatcher = ReturnType<typeof createCampaignDispatcher>;
