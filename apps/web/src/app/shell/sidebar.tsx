import { NavLink } from 'react-router';
import { useAppSettings } from '../../lib/app-settings';
import { useAuth } from '../../lib/auth-context';
import { BrandLogo } from '../../ui/brand-logo';
import { menuFor } from '../route-table';

export const SIDEBAR_STORAGE_KEY = 'sidebarCollapsed';

/** Collapsed unless the user opened it before (spec 2). */
export function initialSidebarCollapsed(): boolean {
  return localStorage.getItem(SIDEBAR_STORAGE_KEY) !== 'false';
}

export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { user } = useAuth();
  const appName = useAppSettings()['app.name'];
  return (
    <aside className={`sidebar${collapsed ? ' sidebar-collapsed' : ''}`} aria-label="Main navigation">
      <div className="sidebar-brand">
        <BrandLogo />
        {!collapsed && <span className="sidebar-app-name">{appName}</span>}
      </div>
      <button
        type="button"
        className="sidebar-toggle"
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
      >
        {collapsed ? '»' : '«'}
      </button>
      <nav>
        {menuFor(user?.role).map(({ group, routes }) => (
          <div key={group} className="sidebar-group">
            {!collapsed && <div className="sidebar-group-title">{group}</div>}
            {routes.map((route) => (
              <NavLink
                key={route.path}
                to={route.path}
                className={({ isActive }) => `sidebar-link${isActive ? ' active' : ''}`}
                title={route.menu?.label}
              >
                <span className="sidebar-icon" aria-hidden="true">
                  {route.menu?.icon}
                </span>
                <span className={collapsed ? 'visually-hidden' : 'sidebar-label'}>{route.menu?.label}</span>
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
    </aside>
  );
}
