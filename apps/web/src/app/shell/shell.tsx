import { Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { HeaderSlotsProvider } from '../../ui/header-slots';
import { LicenceErrorDialogs } from '../../ui/licence-error-dialogs';
import { Spinner } from '../../ui/spinner';
import { routeForPath } from '../route-table';
import { Footer } from './footer';
import { Header } from './header';
import { IncomingMessageToasts } from './incoming-message-toast';
import { initialSidebarCollapsed, SIDEBAR_STORAGE_KEY, Sidebar } from './sidebar';

export function Shell() {
  const [collapsed, setCollapsed] = useState(initialSidebarCollapsed);
  const [searchSlot, setSearchSlot] = useState<HTMLElement | null>(null);
  const [actionsSlot, setActionsSlot] = useState<HTMLElement | null>(null);
  const slots = useMemo(() => ({ search: searchSlot, actions: actionsSlot }), [searchSlot, actionsSlot]);
  const { pathname } = useLocation();
  const route = routeForPath(pathname);
  usePageTitle(route?.title);
  const toggle = () =>
    setCollapsed((c) => {
      localStorage.setItem(SIDEBAR_STORAGE_KEY, String(!c));
      return !c;
    });
  return (
    <div className={`app-shell${collapsed ? ' is-collapsed' : ''}`}>
      <Sidebar collapsed={collapsed} onToggle={toggle} />
      <div className="app-main">
        <Header title={route?.title} subtitle={route?.subtitle} searchSlotRef={setSearchSlot} actionsSlotRef={setActionsSlot} />
        <main className="app-content">
          <HeaderSlotsProvider slots={slots}>
            <Suspense fallback={<Spinner size="large" label="Loading" />}>
              <Outlet />
            </Suspense>
          </HeaderSlotsProvider>
        </main>
        <Footer />
      </div>
      <IncomingMessageToasts />
      <LicenceErrorDialogs />
    </div>
  );
}
