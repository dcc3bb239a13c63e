import type { MediaItem } from '@wac/contract/media-library';
import { useState } from 'react';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { Button } from '../../../ui/button';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { Spinner } from '../../../ui/spinner';
import { type MediaFilters, useMediaLibrary } from '../api/list-media';
import { contactLabel, directionFilters, kindFilters, mediaTitle } from '../components/media-labels';
import { MediaPreview } from '../components/media-preview';
import { MediaPreviewModal } from '../components/media-preview-modal';
import './media-page.css';

const PAGE_SIZE = 24;

export function MediaPage() {
  const [filters, setFilters] = useState<MediaFilters>({ page: 1, limit: PAGE_SIZE, kind: '', direction: '' });
  const [open, setOpen] = useState<MediaItem | null>(null);
  const media = useMediaLibrary(filters);
  const filter = (patch: Partial<MediaFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  const items = media.data?.media ?? [];
  const pagination = media.data?.pagination;
  const filtered = filters.kind !== '' || filters.direction !== '';

  return (
    <div className="page media-page">
      <div className="card">
        <div className="toolbar media-toolbar">
          <fieldset className="segmented" aria-label="Media type">
            {kindFilters.map((k) => (
              <button key={k.value} type="button" aria-pressed={filters.kind === k.value} onClick={() => filter({ kind: k.value })}>
                {k.label}
              </button>
            ))}
          </fieldset>
          <select
            className="input"
            aria-label="Direction"
            value={filters.direction}
            onChange={(e) => filter({ direction: e.target.value as MediaFilters['direction'] })}
          >
            {directionFilters.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
          {media.isFetching && !media.isPending && <Spinner size="small" label="Refreshing" />}
        </div>

        {media.isPending || media.isError ? (
          <QueryStatus query={media} loadingLabel="Loading media" />
        ) : items.length === 0 ? (
          <div className="empty-state">
            <p>{filtered ? 'No media matches these filters.' : 'No media yet'}</p>
            {filtered ? (
              <Button variant="secondary" onClick={() => filter({ kind: '', direction: '' })}>
                Clear filters
              </Button>
            ) : (
              <p className="muted">Pictures, videos, voice notes and documents sent or received in chats appear here.</p>
            )}
          </div>
        ) : (
          <ul className="media-grid" aria-label="Media">
            {items.map((item) => (
              <li key={item.id}>
                <button type="button" className="media-tile" onClick={() => setOpen(item)} aria-label={`Preview ${mediaTitle(item)}`}>
                  <div className="media-tile-preview">
                    <MediaPreview item={item} size="tile" />
                    <span className={`badge ${item.direction === 'inbound' ? 'badge-info' : 'badge-success'} media-direction`}>
                      {item.direction === 'inbound' ? 'Received' : 'Sent'}
                    </span>
                  </div>
                  <span className="media-tile-title">{mediaTitle(item)}</span>
                  <span className="muted small media-tile-meta">{contactLabel(item)}</span>
                  <time className="muted small" dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                    {formatRelativeTime(item.createdAt)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}

        {pagination && (
          <Pager
            label="Media pages"
            page={pagination.page}
            limit={pagination.limit}
            total={pagination.total}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        )}
      </div>
      <MediaPreviewModal item={open} onClose={() => setOpen(null)} />
    </div>
  );
}
