import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../../ui/button';
import { Modal } from '../../../../ui/modal';

interface GuardProps {
  /** There are unsaved changes. */
  when: boolean;
  /** Checked at the moment of leaving: true lets the builder itself move on (to the saved flow's page). */
  allow?: () => boolean;
}

/**
 * Leaving with unsaved changes asks first: closing or reloading the tab through the browser's own question, moving
 * elsewhere in the console (a link, the Back button) through a dialog, by React Router's blocker.
 */
export function UnsavedChangesGuard({ when, allow }: GuardProps) {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && !allow?.() && currentLocation.pathname !== nextLocation.pathname,
  );
  return <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onStay}
      title="Leave without saving?"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onStay}>
            Stay on this flow
          </Button>
          <Button variant="danger" onClick={onLeave}>
            Leave
          </Button>
        </>
      }
    >
      <p>This flow has changes that are not saved. They stay in this browser as a draft, offered back when you open the flow again.</p>
    </Modal>
  );
}
