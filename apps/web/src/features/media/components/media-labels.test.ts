import type { MediaItem } from '@wac/contract/media-library';
import { describe, expect, it } from 'vitest';
import { mediaQueryParams } from '../api/list-media';
import { contactLabel, downloadUrl, formatFileSize, mediaTitle } from './media-labels';

const item = (patch: Partial<MediaItem>): MediaItem => ({
  id: 1,
  kind: 'image',
  status: 'ready',
  removedAt: null,
  mimeType: 'image/jpeg',
  fileSize: 1000,
  filename: null,
  sha256: null,
  url: '/api/media/1/file?expires=1&signature=ab',
  direction: 'inbound',
  messageId: 1,
  conversationId: 1,
  contact: { id: 1, name: 'Maria', phone: '5511987654321', waId: '551187654321', bsuid: null, username: null },
  caption: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  ...patch,
});

describe('media library', () => {
  it('sends only the filters that are set', () => {
    expect(mediaQueryParams({ page: 1, limit: 24, kind: '', direction: '' })).toEqual({ page: 1, limit: 24 });
    expect(mediaQueryParams({ page: 3, limit: 24, kind: 'document', direction: 'outbound' })).toEqual({
      page: 3,
      limit: 24,
      kind: 'document',
      direction: 'outbound',
    });
  });

  it('asks for a download on the signed link, whether or not it has a query already', () => {
    expect(downloadUrl('/api/media/7/file?expires=1&signature=ab')).toBe('/api/media/7/file?expires=1&signature=ab&download=1');
    expect(downloadUrl('/files/7')).toBe('/files/7?download=1');
  });

  it('shows sizes, titles and contacts the way people read them', () => {
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2_500_000)).toBe('2.4 MB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(mediaTitle(item({ filename: 'invoice.pdf', caption: 'Invoice' }))).toBe('invoice.pdf');
    expect(mediaTitle(item({ caption: 'The box' }))).toBe('The box');
    expect(mediaTitle(item({ kind: 'video' }))).toBe('Video');
    expect(mediaTitle(item({ kind: 'audio' }))).toBe('Audio');
    expect(contactLabel(item({}))).toBe('Maria (+5511987654321)');
    expect(contactLabel(item({ contact: null }))).toBe('Unknown contact');
  });
});
