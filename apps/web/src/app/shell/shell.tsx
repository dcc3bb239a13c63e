import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { TemplateSenderProvider } from '../../lib/template-sender';
import { HeaderSlotsProvider } from '../../ui/header-slots';
import { LicenseErrorDialogs } from '../../ui/license-error-dialogs';
import { Spinner } from '../../ui/spinner';
import { routeForPath } from '../route-table';
import { Footer } from './footer';
import { Header } from './header';
import { IncomingMessageToasts } from './incoming-message-toast';
import { ReconnectBanner } from './reconnect-banner';
import { initialSidebarCollapsed, SIDEBAR_STORAGE_KEY, Sidebar } from './sidebar';

// The chat opens the templates feature's send dialog through lib/template-sender, loaded when first opened.
const SendTemplateDialog = lazy(() =>
  import('../../features/templates/components/send/send-template-dialog').then((m) => ({ default: m.SendTemplateDialog })),
);

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
        <ReconnectBanner />
        <main className="app-content">
          <HeaderSlotsProvider slots={slots}>
            <TemplateSenderProvider sender={SendTemplateDialog}>
              <Suspense fallback={<Spinner size="large" label="Loading" />}>
                <Outlet />
              </Suspense>
            </TemplateSenderProvider>
          </HeaderSlotsProvider>
        </main>
        <Footer />
      </div>
      <IncomingMessageToasts />
      <LicenseErrorDialogs />
    </div>
  );
}
