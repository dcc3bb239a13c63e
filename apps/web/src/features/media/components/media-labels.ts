import type { MediaItem } from '@wac/contract/media-library';
import type { MediaKind, MessageDirection } from '@wac/contract/whatsapp-messages';
import { customerLabel } from '@wac/contract/whatsapp-user-id';
import type { IconName } from '../../../ui/icon';

export const kindFilters: { value: MediaKind | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
  { value: 'document', label: 'Documents' },
  { value: 'sticker', label: 'Stickers' },
];

export const directionFilters: { value: MessageDirection | ''; label: string }[] = [
  { value: '', label: 'Sent and received' },
  { value: 'inbound', label: 'Received' },
  { value: 'outbound', label: 'Sent' },
];

export const kindIcons: Record<MediaKind, IconName> = { image: 'image', video: 'video', audio: 'mic', document: 'file', sticker: 'image' };
const kindNames: Record<MediaKind, string> = { image: 'Image', video: 'Video', audio: 'Audio', document: 'Document', sticker: 'Sticker' };

/** The signed link, asking the server to send it as an attachment. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** "2.4 MB": sizes as people read them. */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export function mediaTitle(item: MediaItem): string {
  return item.filename ?? item.caption ?? kindNames[item.kind];
}

export function contactLabel(item: MediaItem): string {
  if (!item.contact) return 'Unknown contact';
  const customer = customerLabel(item.contact);
  return item.contact.name ? `${item.contact.name} (${customer})` : customer;
}
