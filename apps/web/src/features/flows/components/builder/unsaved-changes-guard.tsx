import { useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, useLocation, useNavigate } from 'react-router';
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
 * elsewhere in the console through a dialog. Under a data router that is React Router's useBlocker; under the
 * declarative BrowserRouter, which has no blocker, the console's own links are caught as they are clicked.
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
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <RouterBlocker when={when} allow={allow} /> : <LinkBlocker when={when} allow={allow} />;
}

function RouterBlocker({ when, allow }: GuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && !allow?.() && currentLocation.pathname !== nextLocation.pathname,
  );
  return <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

function LinkBlocker({ when, allow }: GuardProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!when) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === pathname || allow?.()) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [when, pathname, allow]);
  return (
    <LeaveDialog
      open={target !== null}
      onStay={() => setTarget(null)}
      onLeave={() => {
        const to = target;
        setTarget(null);
        if (to) navigate(to);
      }}
    />
  );
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
