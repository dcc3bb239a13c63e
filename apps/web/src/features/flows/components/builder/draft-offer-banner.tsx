import { formatDateTime, formatRelativeTime } from '../../../../lib/format-date';
import { Button } from '../../../../ui/button';
import type { DraftOffer } from './draft-storage';

interface DraftOfferBannerProps {
  offer: DraftOffer;
  serverVersion: number | null;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Unsaved work from an earlier visit: brought back or thrown away before the canvas can be edited. */
export function DraftOfferBanner({ offer, serverVersion, onRestore, onDiscard }: DraftOfferBannerProps) {
  const when = new Date(offer.draft.savedAt);
  return (
    <section className="status-banner status-banner-warning flow-draft-offer" aria-labelledby="flow-draft-offer-title">
      <div>
        <h2 id="flow-draft-offer-title">Unsaved changes found</h2>
        <p>
          This browser kept changes made <time title={formatDateTime(when)}>{formatRelativeTime(when)}</time> that were never saved.
          {offer.stale &&
            ` The flow has been saved since they began (now version ${serverVersion}): restoring them and saving replaces that version's changes.`}{' '}
          The canvas can be edited once you choose.
        </p>
      </div>
      <div className="row">
        <Button variant="primary" onClick={onRestore}>
          Restore unsaved changes
        </Button>
        <Button variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}
