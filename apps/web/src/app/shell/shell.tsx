import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { Spinner } from '../../ui/spinner';
import { routeForPath } from '../route-table';
import { Footer } from './footer';
import { Header } from './header';
import { initialSidebarCollapsed, SIDEBAR_STORAGE_KEY, Sidebar } from './sidebar';

export function Shell() {
  const [collapsed, setCollapsed] = useState(initialSidebarCollapsed);
  const { pathname } = useLocation();
  usePageTitle(routeForPath(pathname)?.title);
  const toggle = () =>
    setCollapsed((c) => {
      localStorage.setItem(SIDEBAR_STORAGE_KEY, String(!c));
      return !c;
    });
  return (
    <div className={`app-shell${collapsed ? ' is-collapsed' : ''}`}>
      <Sidebar collapsed={collapsed} onToggle={toggle} />
      <div className="app-main">
        <Header />
        <main className="app-content">
          <Suspense fallback={<Spinner size="large" label="Loading" />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </div>
  );
}
