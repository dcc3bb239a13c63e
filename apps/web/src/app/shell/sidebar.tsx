import { NavLink } from 'react-router';
import { useAppSettings } from '../../lib/app-settings';
import { useAuth } from '../../lib/auth-context';
import { useChannelStatus } from '../../lib/channel-status';
import { BrandLogo } from '../../ui/brand-logo';
import { Icon } from '../../ui/icon';
import { menuFor } from '../route-table';

export const SIDEBAR_STORAGE_KEY = 'sidebarCollapsed';

/** Collapsed unless the user opened it before (spec 2). */
export function initialSidebarCollapsed(): boolean {
  return localStorage.getItem(SIDEBAR_STORAGE_KEY) !== 'false';
}

export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { user } = useAuth();
  const appName = useAppSettings()['app.name'];
  const sandbox = useChannelStatus().data?.mode === 'sandbox';
  return (
    <aside className={`sidebar${collapsed ? ' sidebar-collapsed' : ''}`} aria-label="Main navigation">
      <div className="sidebar-brand" title={collapsed ? appName : undefined}>
        <BrandLogo />
        {!collapsed && <span className="sidebar-app-name">{appName}</span>}
      </div>
      <nav className="sidebar-nav">
        {menuFor(user?.role, sandbox).map(({ group, routes }) => (
          <div key={group} className="sidebar-group">
            {collapsed ? <hr className="sidebar-separator" /> : <div className="sidebar-group-title">{group}</div>}
            {routes.map((route) => (
              <NavLink
                key={route.path}
                to={route.path}
                className={({ isActive }) => `sidebar-link${isActive ? ' active' : ''}`}
                title={collapsed ? route.menu?.label : undefined}
              >
                {route.menu && <Icon name={route.menu.icon} />}
                <span className={collapsed ? 'visually-hidden' : 'sidebar-label'}>{route.menu?.label}</span>
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
      <button
        type="button"
        className="sidebar-toggle"
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        title={collapsed ? 'Expand sidebar' : undefined}
      >
        <Icon name={collapsed ? 'expand-right' : 'collapse-left'} size={18} />
        {!collapsed && <span>Collapse</span>}
      </button>
    </aside>
  );
}
