import { createReadStream } from 'node:fs';
import type { User } from '@wac/contract/auth';
import type { campaignContactsQuerySchema, contactImportResultSchema } from '@wac/contract/campaigns';
import { paginationOf } from '@wac/contract/common';
import { formatE164 } from '@wac/contract/whatsapp-phone';
import { isBsuid } from '@wac/contract/whatsapp-user-id';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/app-error.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { IncomingFile } from '../../storage/incoming-file.ts';
import { type CampaignDeps, recordCampaignActivity } from './campaign-deps.ts';
import { toCampaignContact } from './campaign-view.ts';
import { deleteAllRecipients, deleteRecipient, listRecipients, upsertRecipients } from './campaigns.repository.ts';
import {
  ContactImportError,
  type ContactMapping,
  contactImportLimits,
  type ImportBatch,
  readContactsCsv,
  readContactsJson,
} from './contact-import.ts';
import { lockedFor } from './locked-campaign.ts';

type ImportResult = z.infer<typeof contactImportResultSchema>;

/** The refused rows a result lists; the rest are only counted. */
const ERRORS_LISTED = 100;

/** The importer's refusals of a whole file (not a CSV, no phone column...) are bad input; anything else is not. */
async function* asBadInput(batches: AsyncIterable<ImportBatch> | Iterable<ImportBatch>): AsyncGenerator<ImportBatch> {
  try {
    yield* batches;
  } catch (err) {
    if (err instanceof ContactImportError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * Adds an import's good rows in one transaction, so a file refused halfway (too many rows) adds nothing; each bad
 * row is reported with its line and reason and the good ones are kept.
 */
async function importContacts(deps: CampaignDeps, actor: User, id: number, batches: AsyncIterable<ImportBatch>): Promise<ImportResult> {
  const result: ImportResult = { added: 0, updated: 0, merged: 0, errors: [], errorCount: 0, total: 0 };
  await inTransaction(deps.db, async (tx) => {
    const campaign = await lockedFor(tx, id, 'edit-contacts');
    for await (const batch of asBadInput(batches)) {
      const { added, updated } = await upsertRecipients(tx, id, batch.contacts);
      result.added += added;
      result.updated += updated;
      result.merged += batch.merged;
      result.errorCount += batch.errors.length;
      result.errors.push(...batch.errors.slice(0, ERRORS_LISTED - result.errors.length));
    }
    const details = `${result.added} added, ${result.updated} updated, ${result.errorCount} refused`;
    await recordCampaignActivity(deps, tx, actor, 'campaign_contacts_changed', campaign.name, details);
  });
  result.total = (await listRecipients(deps.db, id, {}, 1, 0)).total;
  return result;
}

/** POST /campaigns/{id}/contacts/recent: everyone who wrote to the business in the last `days` days, no file needed. */
export async function addRecentCustomers(deps: CampaignDeps, actor: User, id: number, days: number): Promise<ImportResult> {
  const since = new Date(Date.now() - days * 86_400_000);
  const customers = await deps.messaging.customersWritingSince(since, contactImportLimits.maxRows);
  const contacts = customers.map((c, k) => ({
    line: k + 1,
    phone: isBsuid(c.phone) ? c.phone : formatE164(c.phone),
    waId: c.waId,
    name: c.name,
    variables: {},
  }));
  async function* oneBatch(): AsyncGenerator<ImportBatch> {
    yield { contacts, errors: [], merged: 0, linesRead: contacts.length };
  }
  return importContacts(deps, actor, id, oneBatch());
}

/** POST /campaigns/{id}/contacts: rows of { phone, name?, variables? }. */
export function addContacts(deps: CampaignDeps, actor: User, id: number, rows: readonly unknown[]): Promise<ImportResult> {
  return importContacts(deps, actor, id, asBadInput(readContactsJson(rows)));
}

/** POST /campaigns/{id}/contacts/upload: a CSV already received to a temporary file, read as it streams from disk. */
export async function uploadContacts(
  deps: CampaignDeps,
  actor: User,
  id: number,
  file: IncomingFile,
  mapping?: ContactMapping,
): Promise<ImportResult> {
  try {
    return await importContacts(deps, actor, id, readContactsCsv(createReadStream(file.path), { mapping }));
  } finally {
    await deps.uploads.discard(file);
  }
}

export async function contactsOf(deps: CampaignDeps, id: number, query: z.infer<typeof campaignContactsQuerySchema>) {
  const { rows, total } = await listRecipients(
    deps.db,
    id,
    { state: query.status, search: query.search },
    query.limit,
    (query.page - 1) * query.limit,
  );
  return { contacts: rows.map(toCampaignContact), pagination: paginationOf(query.page, query.limit, total) };
}

export async function removeContact(deps: CampaignDeps, actor: User, id: number, contactId: number): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const campaign = await lockedFor(tx, id, 'edit-contacts');
    if (!(await deleteRecipient(tx, id, contactId))) throw notFound('Contact not found');
    await recordCampaignActivity(deps, tx, actor, 'campaign_contacts_changed', campaign.name, '1 removed');
  });
}

export async function removeAllContacts(deps: CampaignDeps, actor: User, id: number): Promise<{ deleted: number }> {
  return inTransaction(deps.db, async (tx) => {
    const campaign = await lockedFor(tx, id, 'edit-contacts');
    const deleted = await deleteAllRecipients(tx, id);
    await recordCampaignActivity(deps, tx, actor, 'campaign_contacts_changed', campaign.name, `all ${deleted} removed`);
    return { deleted };
  });
}
