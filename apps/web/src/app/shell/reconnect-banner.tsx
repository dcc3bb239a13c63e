import { useSocketStatus } from '../../lib/socket';
import { Button } from '../../ui/button';

export const RECONNECTING_MESSAGE = 'Reconnecting… new messages may be delayed';

/**
 * Shown while the socket waits for the server past the spec's attempts: live updates are not arriving. The live region
 * is always there, so its message is announced when it appears.
 */
export function ReconnectBanner() {
  const { waiting, retryNow } = useSocketStatus();
  return (
    <div role="status" className="reconnect-status">
      {waiting && (
        <div className="status-banner status-banner-warning reconnect-banner">
          <span>{RECONNECTING_MESSAGE}</span>
          <Button variant="secondary" className="btn-small" onClick={retryNow}>
            Retry now
          </Button>
        </div>
      )}
    </div>
  );
}
