import type { User } from '@wac/contract/auth';
import { paginationOf } from '@wac/contract/common';
import {
  OUTBOUND_TIMEOUT_MS,
  type OutboundDelivery,
  type OutboundWebhook,
  type outboundDeliveryQuerySchema,
  type outboundWebhookCreateSchema,
  type outboundWebhookUpdateSchema,
} from '@wac/contract/outbound-webhooks';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { checkDestination, type DestinationOptions, describeRequestError } from '../../lib/checked-destination.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { ActivityService } from '../activities/index.ts';
import type { DeliveryWorker } from './outbound-deliveries.worker.ts';
import { outboundPayload, type SubscribedEvents } from './outbound-events.ts';
import { newSigningSecret } from './outbound-signature.ts';
import { toOutboundDelivery, toOutboundWebhook, webhookName } from './outbound-webhook-view.ts';
import {
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertClaimedDelivery,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  lockWebhook,
  requeueFailed,
  updateWebhook,
  type WebhookChanges,
  type WebhookRow,
  webhookStats,
} from './outbound-webhooks.repository.ts';

export interface OutboundWebhooksServiceDeps {
  db: Db;
  activities: ActivityService;
  secrets: SecretBox;
  destination: DestinationOptions;
  worker: Pick<DeliveryWorker, 'attempt' | 'kick' | 'leaseMs'>;
  /** Forgotten after each change here, so this server's next event sees it at once (others within a second). */
  subscribed: Pick<SubscribedEvents, 'forget'>;
}

type CreateInput = z.output<typeof outboundWebhookCreateSchema>;
type UpdateInput = z.output<typeof outboundWebhookUpdateSchema>;
type DeliveryQuery = z.output<typeof outboundDeliveryQuerySchema>;

const webhookNotFound = (id: number) => notFound(`There is no outbound webhook with id ${id}`);

/** Outbound webhooks: the URLs admins subscribe to events, their signing secrets, test events and delivery logs. */
export function createOutboundWebhooksService(deps: OutboundWebhooksServiceDeps) {
  const { db, activities, secrets, destination, worker, subscribed } = deps;

  const record = (tx: Tx, actor: User, type: string, url: string, details?: string) =>
    activities.record(
      { type, sourceType: 'user', userId: actor.id, data: { username: actor.username, name: webhookName(url), details } },
      tx,
    );

  /** Refuses (400) a URL whose host cannot be found or has an address that is not public, unless an admin allowed it. */
  async function assertReachable(url: string): Promise<void> {
    try {
      await checkDestination(new URL(url), destination, AbortSignal.timeout(OUTBOUND_TIMEOUT_MS));
    } catch (error) {
      const reason = describeRequestError(error, url);
      throw badRequest(`The url cannot be used: ${reason}`, [{ field: 'url', message: reason }]);
    }
  }

  async function view(row: WebhookRow): Promise<OutboundWebhook> {
    return toOutboundWebhook(row, (await webhookStats(db, [row.id])).get(row.id));
  }

  async function found(id: number): Promise<WebhookRow> {
    const row = await findWebhook(db, id);
    if (!row) throw webhookNotFound(id);
    return row;
  }

  /** Runs a change to one subscription, locked, in a transaction; what events are listened to is looked up afresh after. */
  async function change<T>(id: number, work: (tx: Tx, row: WebhookRow) => Promise<T>): Promise<T> {
    const result = await inTransaction(db, async (tx) => {
      const row = await lockWebhook(tx, id);
      if (!row) throw webhookNotFound(id);
      return work(tx, row);
    });
    subscribed.forget();
    return result;
  }

  return {
    async list(): Promise<OutboundWebhook[]> {
      const rows = await listWebhooks(db);
      const stats = await webhookStats(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toOutboundWebhook(row, stats.get(row.id)));
    },

    get: async (id: number) => view(await found(id)),

    /** Answers the signing secret: the only time it is shown. */
    async create(actor: User, input: CreateInput): Promise<{ webhook: OutboundWebhook; secret: string }> {
      await assertReachable(input.url);
      const secret = newSigningSecret();
      const row = await inTransaction(db, async (tx) => {
        const created = await insertWebhook(tx, { ...input, secretSealed: secrets.seal(secret), createdBy: actor.id });
        await record(tx, actor, 'outbound_webhook_created', created.url, created.events.join(', '));
        return created;
      });
      subscribed.forget();
      return { webhook: toOutboundWebhook(row), secret };
    },

    async update(actor: User, id: number, input: UpdateInput): Promise<OutboundWebhook> {
      if (input.url !== undefined) await assertReachable(input.url);
      const row = await change(id, async (tx, current) => {
        const changes: WebhookChanges = {};
        if (input.url !== undefined && input.url !== current.url) changes.url = input.url;
        if (input.events !== undefined && input.events.join() !== current.events.join()) changes.events = input.events;
        if (input.description !== undefined && input.description !== current.description) changes.description = input.description;
        if (input.active !== undefined && input.active !== current.active) changes.active = input.active;
        const changed = Object.keys(changes);
        if (changed.length === 0) return current;
        const updated = await updateWebhook(tx, id, changes);
        await record(tx, actor, 'outbound_webhook_updated', updated.url, changed.join(', '));
        return updated;
      });
      return view(row);
    },

    async remove(actor: User, id: number): Promise<void> {
      await change(id, async (tx, current) => {
        await deleteWebhook(tx, id);
        await record(tx, actor, 'outbound_webhook_deleted', current.url);
      });
    },

    /** A new signing secret, answered once; deliveries from now on are signed with it (those on their way keep the old). */
    async rotateSecret(actor: User, id: number): Promise<{ webhook: OutboundWebhook; secret: string }> {
      const secret = newSigningSecret();
      const row = await change(id, async (tx) => {
        const updated = await updateWebhook(tx, id, { secretSealed: secrets.seal(secret) });
        await record(tx, actor, 'outbound_webhook_updated', updated.url, 'signing secret rotated');
        return updated;
      });
      return { webhook: await view(row), secret };
    },

    /**
     * Sends a 'test' event at once and answers how it went; tried once, never retried. A paused subscription gets it
     * too, so that it can be checked before it is turned on.
     */
    async sendTest(id: number): Promise<OutboundDelivery> {
      const webhook = await found(id);
      const payload = outboundPayload('test', { webhookId: id, message: 'A test event from WhatsApp Agent Chat' });
      const delivery = await insertClaimedDelivery(db, id, payload, worker.leaseMs);
      const finished = await worker.attempt({ delivery, webhook: { ...webhook, active: true } });
      // Not recorded: the subscription was deleted meanwhile, with its deliveries.
      if (!finished) throw webhookNotFound(id);
      return toOutboundDelivery(finished);
    },

    async deliveries(id: number, query: DeliveryQuery) {
      await found(id);
      const { rows, total } = await listDeliveries(db, id, query);
      return { deliveries: rows.map(toOutboundDelivery), pagination: paginationOf(query.page, query.limit, total) };
    },

    /** Puts a delivery that was given up on back in the queue, due now. */
    async retryDelivery(id: number, deliveryId: number): Promise<OutboundDelivery> {
      await found(id);
      const row = await requeueFailed(db, deliveryId, id);
      if (!row) {
        if (await findDelivery(db, id, deliveryId)) throw conflict('Only a failed delivery can be retried');
        throw notFound(`There is no delivery ${deliveryId} of outbound webhook ${id}`);
      }
      worker.kick();
      return toOutboundDelivery(row);
    },
  };
}

export type OutboundWebhooksService = ReturnType<typeof createOutboundWebhooksService>;
