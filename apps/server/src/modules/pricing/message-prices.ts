import type { User } from '@wac/contract/auth';
import type { MessageRate } from '@wac/contract/pricing';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { ActivityService } from '../activities/index.ts';
import { listRates, replaceRates } from './message-prices.repository.ts';

export interface MessagePricesDeps {
  db: Db;
  activities: Pick<ActivityService, 'record'>;
  /** The app's currency (Settings), which the rates are in. */
  currency: () => Promise<string>;
}

/** The business's message rates (Settings → Message prices): read by campaigns' estimates and spend figures. */
export function createMessagePrices(deps: MessagePricesDeps) {
  return {
    async rates(): Promise<{ currency: string; rates: MessageRate[] }> {
      const [currency, rates] = await Promise.all([deps.currency(), listRates(deps.db)]);
      return { currency, rates };
    },

    async replace(actor: User, rates: readonly MessageRate[]): Promise<{ currency: string; rates: MessageRate[] }> {
      await inTransaction(deps.db, async (tx) => {
        await replaceRates(tx, rates);
        await deps.activities.record(
          { type: 'message_prices_updated', sourceType: 'user', userId: actor.id, data: { details: `${rates.length} rates` } },
          tx,
        );
      });
      return this.rates();
    },
  };
}

export type MessagePrices = ReturnType<typeof createMessagePrices>;
