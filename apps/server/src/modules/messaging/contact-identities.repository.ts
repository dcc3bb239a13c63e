import { isBsuid } from '@wac/contract/whatsapp-user-id';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { contacts } from '../../db/schema.ts';
import { returnedRows, unnestRows } from '../../db/unnest-rows.ts';
import { mergeContactsInto } from './contact-merge.repository.ts';
import type { ContactRow } from './messages.repository.ts';

/** What WhatsApp (or the business) said about a customer: a phone number, a BSUID, or both, and what else it knew. */
export interface ContactInput {
  /** Canonical E.164 digits. */
  phone: string | null;
  /** The number as WhatsApp reported it (where messages go); null when it reported none. */
  waId: string | null;
  bsuid?: string | null;
  parentBsuid?: string | null;
  username?: string | null;
  name: string | null;
}

/** One customer of a batch: the inputs that name them by a shared phone number or BSUID, and all they said. */
interface Person {
  input: ContactInput;
  members: number[];
}

const keysOf = (input: ContactInput) => [input.phone && `p:${input.phone}`, input.bsuid && `b:${input.bsuid}`].filter(Boolean) as string[];

/** Later inputs win; a field an input leaves out keeps what an earlier one said. */
const overlay = (base: ContactInput, next: ContactInput): ContactInput => ({
  phone: next.phone ?? base.phone,
  waId: next.waId ?? base.waId,
  bsuid: next.bsuid ?? base.bsuid ?? null,
  parentBsuid: next.parentBsuid ?? base.parentBsuid ?? null,
  username: next.username ?? base.username ?? null,
  name: next.name ?? base.name,
});

/** The batch's inputs grouped by person: an input naming a phone and a BSUID ties every input naming either. */
function peopleOf(inputs: readonly ContactInput[]): Person[] {
  const root = inputs.map((_, index) => index);
  const find = (i: number): number => {
    while (root[i] !== i) i = root[i] as number;
    return i;
  };
  const firstWith = new Map<string, number>();
  inputs.forEach((input, index) => {
    const keys = keysOf(input);
    if (keys.length === 0) throw new Error('a contact needs a phone number or a BSUID');
    for (const key of keys) {
      const earlier = firstWith.get(key);
      if (earlier === undefined) firstWith.set(key, index);
      else root[find(index)] = find(earlier);
    }
  });
  const people = new Map<number, Person>();
  inputs.forEach((input, index) => {
    const person = people.get(find(index));
    if (person) {
      person.input = overlay(person.input, input);
      person.members.push(index);
    } else people.set(find(index), { input, members: [index] });
  });
  return [...people.values()];
}

/** The contacts naming any of these numbers or BSUIDs, locked in id order (as every writer of several takes them). */
async function lockKnown(tx: Tx, people: Person[]): Promise<ContactRow[]> {
  const phones = people.flatMap((p) => (p.input.phone ? [p.input.phone] : []));
  const bsuids = people.flatMap((p) => (p.input.bsuid ? [p.input.bsuid] : []));
  const rows = await tx.execute<Record<string, unknown>>(sql`
    SELECT * FROM contacts WHERE phone = ANY(${sql.param(phones)}::text[]) OR bsuid = ANY(${sql.param(bsuids)}::text[])
    ORDER BY id FOR NO KEY UPDATE`);
  return returnedRows(contacts, rows.rows);
}

/**
 * What a known contact becomes once a person's report is added: the report wins where it says something, and where
 * messages go follows what is known (the reported number; the phone number learnt otherwise; else the BSUID).
 */
function updated(known: ContactRow, report: ContactInput): Omit<ContactRow, 'id' | 'createdAt' | 'updatedAt'> {
  const phone = report.phone ?? known.phone;
  const bsuid = report.bsuid ?? known.bsuid;
  const knownNumber = known.phone !== null && known.phone === phone && !isBsuid(known.waId) ? known.waId : null;
  return {
    phone,
    bsuid,
    waId: report.waId ?? knownNumber ?? phone ?? (bsuid as string),
    parentBsuid: report.parentBsuid ?? known.parentBsuid,
    username: report.username ?? known.username,
    name: report.name ?? known.name,
    // A customer who stopped marketing messages under either identity has stopped them.
    marketingOptOutAt: known.marketingOptOutAt,
  };
}

const sameContact = (known: ContactRow, next: ReturnType<typeof updated>) =>
  (Object.keys(next) as (keyof typeof next)[]).every((key) => known[key] === next[key]);

async function updateContact(tx: Tx, id: number, next: Partial<ReturnType<typeof updated>>): Promise<ContactRow> {
  const [row] = await tx
    .update(contacts)
    .set({ ...next, updatedAt: new Date() })
    .where(sql`${contacts.id} = ${id}`)
    .returning();
  if (!row) throw new Error(`contact ${id} vanished`);
  return row;
}

/** New contacts in key order; those another batch created meanwhile are left out (and found on the next pass). */
async function insertNew(tx: Tx, people: Person[]): Promise<ContactRow[]> {
  const rows = people.map((p) => p.input).sort((a, b) => ((a.phone ?? a.bsuid ?? '') < (b.phone ?? b.bsuid ?? '') ? -1 : 1));
  const values = unnestRows('v', [
    ['phone', 'text', rows.map((row) => row.phone)],
    ['wa_id', 'text', rows.map((row) => row.waId ?? row.phone ?? row.bsuid)],
    ['bsuid', 'text', rows.map((row) => row.bsuid ?? null)],
    ['parent_bsuid', 'text', rows.map((row) => row.parentBsuid ?? null)],
    ['username', 'text', rows.map((row) => row.username ?? null)],
    ['name', 'text', rows.map((row) => row.name)],
  ]);
  const written = await tx.execute<Record<string, unknown>>(sql`
    INSERT INTO contacts (${values.columns}) SELECT ${values.columns} FROM ${values.source}
    ON CONFLICT DO NOTHING RETURNING *`);
  return returnedRows(contacts, written.rows);
}

const matches = (contact: ContactRow, input: ContactInput) =>
  (input.phone !== null && contact.phone === input.phone) || (input.bsuid != null && contact.bsuid === input.bsuid);

/**
 * The contact of each input, in the order given: created when new, brought up to date with what WhatsApp reported
 * (the last report wins; a name, username or number once known is kept when a report has none). When a report ties a
 * BSUID to a phone number that two contacts held apart, they become one, with one history (contact-merge.repository).
 * `keepKnown`: known contacts are left as they are (the business writing to them says nothing new about them).
 * `knownOnly`: nobody new is created (a status names a customer the business wrote to), and the answer holds only those found, not one per input.
 */
export async function upsertContacts(
  tx: Tx,
  inputs: readonly ContactInput[],
  { keepKnown = false, knownOnly = false } = {},
): Promise<ContactRow[]> {
  if (inputs.length === 0) return [];
  const result = new Array<ContactRow | undefined>(inputs.length);
  let pending = peopleOf(inputs);
  // A second pass finds the contacts another batch created while this one tried to; a third would be a bug.
  for (let pass = 0; pending.length > 0; pass++) {
    if (pass === 3) throw new Error('contacts kept changing under the batch');
    const known = await lockKnown(tx, pending);
    const fresh: Person[] = [];
    for (const person of pending) {
      const matched = known.filter((contact) => matches(contact, person.input));
      const [keep, ...others] = matched;
      if (!keep) {
        fresh.push(person);
        continue;
      }
      let contact = keep;
      if (!keepKnown) {
        if (others.length > 0) await mergeContactsInto(tx, keep.id, others);
        // The contacts merged away give what the report does not say.
        let base = keep;
        for (const other of others) base = { ...base, ...fill(base, other) };
        const next = updated(base, person.input);
        if (others.length > 0 || !sameContact(keep, next)) contact = await updateContact(tx, keep.id, next);
      }
      for (const member of person.members) result[member] = contact;
    }
    if (knownOnly) break;
    const inserted = await insertNew(tx, fresh);
    pending = [];
    for (const person of fresh) {
      const contact = inserted.find((row) => matches(row, person.input));
      if (contact) for (const member of person.members) result[member] = contact;
      else pending.push(person);
    }
  }
  return knownOnly ? result.filter((row): row is ContactRow => row !== undefined) : (result as ContactRow[]);
}

/** Fields a contact lacks, taken from one merged into it. */
function fill(row: ContactRow, other: ContactRow): Partial<ContactRow> {
  return {
    phone: row.phone ?? other.phone,
    bsuid: row.bsuid ?? other.bsuid,
    parentBsuid: row.parentBsuid ?? other.parentBsuid,
    username: row.username ?? other.username,
    name: row.name ?? other.name,
    marketingOptOutAt: row.marketingOptOutAt ?? other.marketingOptOutAt,
    waId: row.phone === null && other.phone !== null ? other.waId : row.waId,
  };
}

/**
 * The contact an agent writes to: created when new, but an existing contact keeps the number and name WhatsApp
 * reported (an agent's typing must not override where Meta delivers); a name is only given to one that had none.
 */
export async function findOrCreateContact(tx: Tx, input: ContactInput): Promise<ContactRow> {
  const [found] = await upsertContacts(tx, [input], { keepKnown: true });
  if (!found) throw new Error('contact vanished');
  if (found.name || !input.name) return found;
  return updateContact(tx, found.id, { name: input.name });
}

export async function upsertContact(tx: Tx, input: ContactInput): Promise<ContactRow> {
  const [contact] = await upsertContacts(tx, [input]);
  if (!contact) throw new Error('contact vanished');
  return contact;
}
