import type { CleanupCollection, CleanupCriteria, MaintenanceKind, MaintenanceRunStatus, StorageDirectory } from '@wac/contract/cleanup';
import type { CollectionName, OptimizeOperation } from '@wac/contract/maintenance';

type Options<V extends string> = readonly { value: V; label: string }[];
type MessageCriteria = NonNullable<CleanupCriteria['messages']>;
type ActivityCriteria = NonNullable<CleanupCriteria['activities']>;
type UsageCriteria = NonNullable<CleanupCriteria['usageEvents']>;

export const directoryOptions: Options<StorageDirectory> = [
  { value: 'media_storage', label: 'Media files' },
  { value: 'uploads', label: 'Uploads' },
];

export const collectionOptions: Options<CleanupCollection> = [
  { value: 'messages', label: 'Messages' },
  { value: 'activities', label: 'Activities' },
  { value: 'usageEvents', label: 'API usage events' },
];

/** What one row of a collection is called in a sentence: "1 message", "3 API usage events". */
const collectionNouns: Record<CleanupCollection, [string, string]> = {
  messages: ['message', 'messages'],
  activities: ['activity', 'activities'],
  usageEvents: ['API usage event', 'API usage events'],
};

export const directionOptions: Options<NonNullable<MessageCriteria['direction']>> = [
  { value: 'inbound', label: 'Received from customers' },
  { value: 'outbound', label: 'Sent to customers' },
];

export const messageStatusOptions: Options<NonNullable<MessageCriteria['statuses']>[number]> = [
  { value: 'received', label: 'Received' },
  { value: 'pending', label: 'Pending' },
  { value: 'sent', label: 'Sent' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'read', label: 'Read' },
  { value: 'failed', label: 'Failed' },
];

export const sourceTypeOptions: Options<NonNullable<ActivityCriteria['sourceTypes']>[number]> = [
  { value: 'auth', label: 'Sign-ins and accounts' },
  { value: 'system', label: 'System' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'user', label: 'User actions' },
];

export const readOptions: Options<'read' | 'unread'> = [
  { value: 'read', label: 'Read by someone' },
  { value: 'unread', label: 'Read by nobody' },
];

export const statusClassOptions: Options<NonNullable<UsageCriteria['statusClasses']>[number]> = [
  { value: '2xx', label: '2xx (succeeded)' },
  { value: '3xx', label: '3xx (redirected)' },
  { value: '4xx', label: '4xx (refused)' },
  { value: '5xx', label: '5xx (server error)' },
];

export const optimizeOperationOptions: Options<OptimizeOperation> = [
  { value: 'reIndex', label: 'Rebuild indexes' },
  { value: 'stats', label: 'Refresh statistics' },
];

export const operationLabels: Record<OptimizeOperation, string> = { reIndex: 'Rebuild indexes', stats: 'Refresh statistics' };

export const collectionLabels: Record<CollectionName, string> = {
  messages: 'Messages',
  conversations: 'Conversations',
  contacts: 'Contacts',
  activities: 'Activities',
  usageEvents: 'API usage events',
  webhookEvents: 'Webhook events',
  mediaFiles: 'Media files',
  campaigns: 'Campaigns',
  campaignRecipients: 'Campaign recipients',
  flowSessions: 'Bot flow sessions',
  outboundDeliveries: 'Outbound webhook deliveries',
  analytics: 'Analytics',
  other: 'Everything else',
};

/** What an erasure takes, by the item names the server answers. */
export const erasureItemLabels: Record<string, string> = {
  messages: 'Messages',
  mediaFiles: 'Media files',
  conversations: 'Conversations',
  campaignRecipients: 'Campaign recipient rows',
  flowSessions: 'Bot flow sessions',
  activities: 'Activities',
  webhookEvents: 'Webhook events',
  outboundDeliveries: 'Outbound webhook deliveries',
  apiReplays: 'Stored API answers',
};

export const runStatusLabels: Record<MaintenanceRunStatus, { label: string; tone: string }> = {
  running: { label: 'Running', tone: 'badge-info' },
  stopping: { label: 'Stopping', tone: 'badge-warning' },
  completed: { label: 'Completed', tone: 'badge-success' },
  stopped: { label: 'Stopped', tone: 'badge-muted' },
  failed: { label: 'Failed', tone: 'badge-danger' },
  interrupted: { label: 'Interrupted', tone: 'badge-warning' },
};

/** A directory's or collection's name as a person reads it. */
export function itemLabel(name: string): string {
  return [...directoryOptions, ...collectionOptions].find((option) => option.value === name)?.label ?? name;
}

const plural = (count: number, [one, many]: readonly [string, string]) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** "1,204 files", "1 message", "3 API usage events". */
export function countOf(kind: MaintenanceKind, name: string, count: number): string {
  if (kind === 'storage_cleanup') return plural(count, ['file', 'files']);
  return plural(count, collectionNouns[name as CleanupCollection] ?? ['row', 'rows']);
}

/** "a", "a and b", "a, b and c". */
export function listOf(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
