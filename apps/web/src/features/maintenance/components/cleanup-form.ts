import {
  CLEANUP_DEFAULT_BATCH_SIZE,
  CLEANUP_DEFAULT_DAYS,
  type CleanupCollection,
  type CleanupCriteria,
  cleanupCollections,
  type DatabaseCleanupRequest,
  databaseCleanupRequestSchema,
  type StorageCleanupRequest,
  type StorageDirectory,
  storageCleanupRequestSchema,
  storageDirectories,
} from '@wac/contract/cleanup';
import type { z } from 'zod';
import { type FieldErrors, firstErrors } from '../../../lib/form-errors';

type MessageCriteria = NonNullable<CleanupCriteria['messages']>;
type ActivityCriteria = NonNullable<CleanupCriteria['activities']>;
type UsageCriteria = NonNullable<CleanupCriteria['usageEvents']>;

export interface StorageCleanupForm {
  days: string;
  directories: StorageDirectory[];
  dryRun: boolean;
}

/** The criteria as the form holds them: empty lists and '' mean "any". */
export interface CriteriaForm {
  direction: MessageCriteria['direction'] | '';
  statuses: NonNullable<MessageCriteria['statuses']>;
  conversationEnded: boolean;
  campaignOnly: boolean;
  sourceTypes: NonNullable<ActivityCriteria['sourceTypes']>;
  read: 'read' | 'unread' | '';
  statusClasses: NonNullable<UsageCriteria['statusClasses']>;
}

export interface DatabaseCleanupForm {
  days: string;
  collections: CleanupCollection[];
  criteria: CriteriaForm;
  archiveBeforeDelete: boolean;
  batchSize: string;
  dryRun: boolean;
}

export const defaultStorageForm = (): StorageCleanupForm => ({
  days: String(CLEANUP_DEFAULT_DAYS),
  directories: [...storageDirectories],
  dryRun: false,
});

export const emptyCriteria = (): CriteriaForm => ({
  direction: '',
  statuses: [],
  conversationEnded: false,
  campaignOnly: false,
  sourceTypes: [],
  read: '',
  statusClasses: [],
});

export const defaultDatabaseForm = (): DatabaseCleanupForm => ({
  days: String(CLEANUP_DEFAULT_DAYS),
  collections: [...cleanupCollections],
  criteria: emptyCriteria(),
  archiveBeforeDelete: false,
  batchSize: String(CLEANUP_DEFAULT_BATCH_SIZE),
  dryRun: false,
});

/** Drops the fields left undefined ("any"), and answers nothing for an object left empty. */
function compact<T extends object>(value: T): T | undefined {
  const kept = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
  return Object.keys(kept).length > 0 ? (kept as T) : undefined;
}

const listOrNone = <T>(list: T[]) => (list.length > 0 ? list : undefined);

/** The criteria the server reads, for the chosen collections only; fields left at "any" are left out. */
export function criteriaFromForm(form: CriteriaForm, collections: readonly CleanupCollection[]): CleanupCriteria {
  const criteria: CleanupCriteria = {};
  const messages = compact<MessageCriteria>({
    direction: form.direction || undefined,
    statuses: listOrNone(form.statuses),
    conversationEnded: form.conversationEnded || undefined,
    campaignOnly: form.campaignOnly || undefined,
  });
  const activities = compact<ActivityCriteria>({
    sourceTypes: listOrNone(form.sourceTypes),
    read: form.read === '' ? undefined : form.read === 'read',
  });
  const usageEvents = compact<UsageCriteria>({ statusClasses: listOrNone(form.statusClasses) });
  if (messages && collections.includes('messages')) criteria.messages = messages;
  if (activities && collections.includes('activities')) criteria.activities = activities;
  if (usageEvents && collections.includes('usageEvents')) criteria.usageEvents = usageEvents;
  return criteria;
}

/** A whole number typed in a field; '' stays missing, so that it is refused rather than read as 0. */
const wholeNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

type Parsed<T, K extends string> = { data: T; errors: FieldErrors<K> } | { data: null; errors: FieldErrors<K> };

function parse<T, K extends string>(schema: z.ZodType<T>, input: Record<string, unknown>, required: readonly K[]): Parsed<T, K> {
  const missing: FieldErrors<K> = {};
  for (const key of required) if (input[key] === undefined) missing[key] = `${key} is required`;
  if (Object.keys(missing).length > 0) return { data: null, errors: missing };
  const result = schema.safeParse(input);
  return result.success ? { data: result.data, errors: {} } : { data: null, errors: firstErrors<K>(result.error) };
}

export type StorageField = 'days' | 'directories';
export type DatabaseField = 'days' | 'collections' | 'criteria' | 'batchSize';

/** The form as a request, checked by the contract's own schema (its messages name the field). */
export function storageRequest(form: StorageCleanupForm): Parsed<StorageCleanupRequest, StorageField> {
  return parse(storageCleanupRequestSchema, { days: wholeNumber(form.days), directories: form.directories, dryRun: form.dryRun }, [
    'days',
  ] as const);
}

export function databaseRequest(form: DatabaseCleanupForm): Parsed<DatabaseCleanupRequest, DatabaseField> {
  return parse(
    databaseCleanupRequestSchema,
    {
      days: wholeNumber(form.days),
      dryRun: form.dryRun,
      collections: form.collections,
      criteria: criteriaFromForm(form.criteria, form.collections),
      archiveBeforeDelete: form.archiveBeforeDelete,
      batchSize: wholeNumber(form.batchSize),
    },
    ['days', 'batchSize'] as const,
  );
}

/** The preview's query string of a request: lists comma-separated, criteria as JSON text (left out when empty). */
export function storagePreviewQuery(request: StorageCleanupRequest): Record<string, string> {
  return { days: String(request.days), directories: request.directories.join(',') };
}

export function databasePreviewQuery(request: DatabaseCleanupRequest): Record<string, string> {
  const query: Record<string, string> = { days: String(request.days), collections: request.collections.join(',') };
  if (Object.keys(request.criteria).length > 0) query.criteria = JSON.stringify(request.criteria);
  return query;
}
