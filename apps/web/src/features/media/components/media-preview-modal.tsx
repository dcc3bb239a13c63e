import type { MediaItem } from '@wac/contract/media-library';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { Modal } from '../../../ui/modal';
import { contactLabel, downloadUrl, formatFileSize, mediaTitle } from './media-labels';
import { MediaPreview } from './media-preview';

export function MediaPreviewModal({ item, onClose }: { item: MediaItem | null; onClose: () => void }) {
  // Keeps showing the last file while the modal fades out.
  const [shown, setShown] = useState(item);
  if (item !== null && item !== shown) setShown(item);
  return (
    <Modal
      open={item !== null}
      onClose={onClose}
      title={shown ? mediaTitle(shown) : 'Media'}
      size="lg"
      footer={
        shown?.url && (
          <a className="btn btn-primary" href={downloadUrl(shown.url)} download>
            Download
          </a>
        )
      }
    >
      {shown && (
        <div className="stack">
          <div className="media-preview-full">
            <MediaPreview item={shown} size="full" />
          </div>
          {shown.caption && <p>{shown.caption}</p>}
          <dl className="details">
            <dt>{shown.direction === 'inbound' ? 'From' : 'To'}</dt>
            <dd>{contactLabel(shown)}</dd>
            <dt>{shown.direction === 'inbound' ? 'Received' : 'Sent'}</dt>
            <dd>{formatDateTime(shown.createdAt)}</dd>
            <dt>File</dt>
            <dd>{[shown.filename, shown.mimeType, formatFileSize(shown.fileSize)].filter(Boolean).join(' · ') || 'Not downloaded yet'}</dd>
          </dl>
        </div>
      )}
    </Modal>
  );
}
