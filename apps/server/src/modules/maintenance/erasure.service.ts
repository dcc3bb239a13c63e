import type { Erasure, ErasureItem } from '@wac/contract/erasure';
import { formatE164 } from '@wac/contract/whatsapp-phone';
import { formatAddress, isBsuid } from '@wac/contract/whatsapp-user-id';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import type { ActivityService } from '../activities/index.ts';
import { rollupSettings } from '../analytics/index.ts';
import { contactByAddress, type ErasedContact, eraseContact, erasureTally } from './erasure.repository.ts';

export interface ErasureDeps {
  db: Db;
  /** Removes media files no row refers to any more (the customer's) and recounts the licence's storage. */
  freeMediaFiles: (keys: readonly string[]) => Promise<void>;
  appTimezone: () => Promise<string>;
  activities: Pick<ActivityService, 'record'>;
}

/** 400 naming the field, as bad input: an unknown customer cannot be erased (nor erased twice). */
function noSuchCustomer(address: string, where: 'query' | 'body') {
  const message = isBsuid(address)
    ? `No customer has the WhatsApp user ID ${address}`
    : `No customer has the phone number ${formatE164(address)}`;
  return badRequest(`${message} (${where} phone)`, [{ field: 'phone', message }]);
}

const asErasure = (contact: ErasedContact, items: ErasureItem[], erasedAt: Date | null): Erasure => ({
  contact: { id: contact.id, phone: formatAddress(contact.phone ?? contact.bsuid ?? contact.waId), name: contact.name },
  items,
  erasedAt: erasedAt?.toISOString() ?? null,
});

/** "contact #12: 52 messages, 3 mediaFiles (1.2 MB)…": what went, without anything that names the customer. */
const summaryOf = (contact: ErasedContact, items: ErasureItem[]) =>
  `contact #${contact.id}: ${items
    .filter((item) => item.count > 0)
    .map((item) => `${item.count} ${item.name}`)
    .join(', ')}`;

/** Erasing a customer on request: a preview of what goes, then all of it in one transaction. */
export function createErasure(deps: ErasureDeps) {
  const { db } = deps;
  return {
    async preview(phone: string): Promise<Erasure> {
      const contact = await contactByAddress(db, phone);
      if (!contact) throw noSuchCustomer(phone, 'query');
      return asErasure(contact, await erasureTally(db, contact), null);
    },

    async erase(userId: number, phone: string): Promise<Erasure> {
      const settings = await rollupSettings(db, await deps.appTimezone());
      const { contact, items, freed } = await db.transaction(async (tx) => {
        const found = await contactByAddress(tx, phone, true);
        if (!found) throw noSuchCustomer(phone, 'body');
        const tally = await erasureTally(tx, found);
        return { contact: found, items: tally, freed: await eraseContact(tx, found, settings) };
      });
      await deps.freeMediaFiles(freed);
      await deps.activities.record({ type: 'contact_erased', sourceType: 'user', userId, data: { details: summaryOf(contact, items) } });
      return asErasure(contact, items, new Date());
    },
  };
}

export type ErasureService = ReturnType<typeof createErasure>;
