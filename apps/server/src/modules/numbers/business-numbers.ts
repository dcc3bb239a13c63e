import type { User } from '@wac/contract/auth';
import { type BusinessNumber, businessNumberLabel, tierCustomers } from '@wac/contract/whatsapp-numbers';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { type CloudApiClient, CloudApiError } from '../../whatsapp/cloud-api-client.ts';
import type { ActivityService } from '../activities/index.ts';
import {
  ensureNumbers,
  findNumber,
  insertNumber,
  listNumbers,
  type NumberRow,
  recordNumberState,
  updateNumber,
} from './numbers.repository.ts';

export interface BusinessNumbersDeps {
  db: Db;
  log: FastifyBaseLogger;
  client: CloudApiClient;
  activities: Pick<ActivityService, 'record'>;
  /** WHATSAPP_PHONE_NUMBER_ID: always listed, always first, never disabled. */
  firstPhoneNumberId: string;
}

/** How long the hot paths (every send, every webhook batch) reuse the list before reading it again. */
const CACHE_MS = 5000;

const digits = (value: string) => value.replace(/\D/g, '');

/**
 * The business's phone numbers: listed, added (checked against the Graph API), renamed and disabled by admins, and
 * asked by every send which number it leaves from.
 */
export function createBusinessNumbers(deps: BusinessNumbersDeps) {
  const { db, firstPhoneNumberId } = deps;
  let cache: { rows: NumberRow[]; at: number } | null = null;
  const forget = () => {
    cache = null;
  };

  async function rows(): Promise<NumberRow[]> {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache.rows;
    const fresh = await listNumbers(db);
    cache = { rows: fresh, at: Date.now() };
    return fresh;
  }

  const view = (row: NumberRow): BusinessNumber => ({
    id: row.id,
    phoneNumberId: row.phoneNumberId,
    displayPhoneNumber: row.displayPhoneNumber,
    name: row.name ?? (row.displayPhoneNumber ? `+${row.displayPhoneNumber}` : row.phoneNumberId),
    enabled: row.enabled,
    first: row.phoneNumberId === firstPhoneNumberId,
    verifiedName: row.verifiedName,
    qualityRating: row.qualityRating,
    throughputLevel: row.throughputLevel,
    messagingLimit: row.messagingLimit,
    uniqueCustomersPer24h: tierCustomers(row.messagingLimit),
    checkedAt: row.checkedAt?.toISOString() ?? null,
  });

  /** What Meta says of a number now; a Graph refusal of the id itself is the caller's bad input. */
  async function askMeta(phoneNumberId: string) {
    try {
      return await deps.client.forNumber(phoneNumberId).phoneNumberLimits();
    } catch (err) {
      if (err instanceof CloudApiError && err.httpStatus >= 400 && err.httpStatus < 500) {
        throw badRequest(`Meta does not know the phone-number id ${phoneNumberId}: ${err.metaMessage}`, [
          { field: 'phoneNumberId', message: 'Meta does not know this phone-number id' },
        ]);
      }
      throw err;
    }
  }

  async function mustFind(id: number): Promise<NumberRow> {
    const row = await findNumber(db, id);
    if (!row) throw notFound('WhatsApp number not found');
    return row;
  }

  async function record(actor: User, type: 'whatsapp_number_added' | 'whatsapp_number_updated', row: NumberRow, details?: string) {
    await deps.activities.record({
      type,
      sourceType: 'user',
      userId: actor.id,
      data: { name: businessNumberLabel(view(row)), ...(details ? { details } : {}) },
    });
  }

  return {
    firstPhoneNumberId,

    /** Lists WHATSAPP_PHONE_NUMBER_ID's number at start. */
    async start(): Promise<void> {
      await ensureNumbers(db, [{ phoneNumberId: firstPhoneNumberId, displayPhoneNumber: null }]);
      forget();
    },

    /** Asks Meta about every enabled number Meta was never asked about (once the server listens: the sandbox is the server). */
    async checkUnchecked(): Promise<void> {
      for (const row of await listNumbers(db)) {
        if (row.checkedAt !== null || !row.enabled) continue;
        try {
          await recordNumberState(db, row.phoneNumberId, await deps.client.forNumber(row.phoneNumberId).phoneNumberLimits());
        } catch (err) {
          deps.log.warn({ err, phoneNumberId: row.phoneNumberId }, 'could not read a WhatsApp number from the Graph API');
        }
      }
      forget();
    },

    /** Every number, the first one first, then in the order they were added. */
    async list(): Promise<BusinessNumber[]> {
      const all = (await listNumbers(db)).map(view);
      return [...all.filter((n) => n.first), ...all.filter((n) => !n.first)];
    },

    async add(actor: User, body: { phoneNumberId: string; name?: string }): Promise<BusinessNumber> {
      const listed = `The phone-number id ${body.phoneNumberId} is listed already`;
      if ((await listNumbers(db)).some((row) => row.phoneNumberId === body.phoneNumberId)) throw conflict(listed);
      const state = await askMeta(body.phoneNumberId);
      const row = await insertNumber(db, body.phoneNumberId, body.name ?? null, state);
      if (!row) throw conflict(listed);
      forget();
      await record(actor, 'whatsapp_number_added', row);
      return view(row);
    },

    async update(actor: User, id: number, change: { name?: string; enabled?: boolean }): Promise<BusinessNumber> {
      const found = await mustFind(id);
      if (change.enabled === false && found.phoneNumberId === firstPhoneNumberId) {
        throw badRequest('The first number (WHATSAPP_PHONE_NUMBER_ID) cannot be disabled', [
          { field: 'enabled', message: 'The first number cannot be disabled' },
        ]);
      }
      const row = (await updateNumber(db, id, change)) ?? found;
      forget();
      const details = [
        change.name !== undefined && change.name !== found.name ? `renamed ${change.name}` : null,
        change.enabled !== undefined && change.enabled !== found.enabled ? (change.enabled ? 'enabled' : 'disabled') : null,
      ].filter(Boolean);
      if (details.length > 0) await record(actor, 'whatsapp_number_updated', row, details.join(', '));
      return view(row);
    },

    /** Reads the number's quality, throughput and the portfolio's limit from Meta again. */
    async refresh(id: number): Promise<BusinessNumber> {
      const found = await mustFind(id);
      const row = (await recordNumberState(db, found.phoneNumberId, await askMeta(found.phoneNumberId))) ?? found;
      forget();
      return view(row);
    },

    /**
     * The number a send leaves from: `requested` names it by phone-number id or display number (any writing), else the
     * first. A number not listed, or disabled, is the caller's bad input, named in `field`.
     */
    async sendingNumber(requested: string | undefined, field = 'from'): Promise<string> {
      if (requested === undefined || requested.trim() === '') return firstPhoneNumberId;
      const wanted = digits(requested);
      const found = (await rows()).find(
        (row) => row.phoneNumberId === requested.trim() || (row.displayPhoneNumber !== null && row.displayPhoneNumber === wanted),
      );
      if (!found)
        throw badRequest(`${field} names no WhatsApp number of this business: ${requested}`, [
          { field, message: 'Unknown WhatsApp number' },
        ]);
      if (!found.enabled)
        throw badRequest(`The WhatsApp number ${businessNumberLabel(view(found))} is disabled`, [
          { field, message: 'This number is disabled' },
        ]);
      return found.phoneNumberId;
    },

    /** Refuses a send from a disabled number (a conversation of a number an admin has since disabled). */
    async assertSendable(phoneNumberId: string): Promise<void> {
      const found = (await rows()).find((row) => row.phoneNumberId === phoneNumberId);
      if (found && !found.enabled) {
        throw badRequest(`The WhatsApp number ${businessNumberLabel(view(found))} is disabled: enable it under Settings to write from it`);
      }
    },

    /** Whether the bot and campaigns may send from it: listed and enabled (one nobody listed yet counts as enabled). */
    async isEnabled(phoneNumberId: string): Promise<boolean> {
      return (await rows()).find((row) => row.phoneNumberId === phoneNumberId)?.enabled ?? true;
    },

    /**
     * Lists the numbers a batch of webhooks came from that nobody added (named by the display number the webhook gave),
     * so no conversation has a number the console does not know.
     */
    async ensureKnown(tx: DbOrTx, numbers: readonly { phoneNumberId: string; displayPhoneNumber: string | null }[]): Promise<void> {
      const known = new Set((await rows()).map((row) => row.phoneNumberId));
      const unknown = [...new Map(numbers.filter((n) => !known.has(n.phoneNumberId)).map((n) => [n.phoneNumberId, n])).values()];
      if (unknown.length === 0) return;
      await ensureNumbers(tx, unknown);
      forget();
    },
  };
}

export type BusinessNumbers = ReturnType<typeof createBusinessNumbers>;
