import { useLocation } from 'react-router';
import { routeForPath } from '../route-table';
import { AvatarMenu } from './avatar-menu';
import { NotificationDropdown } from './notification-dropdown';

export function Header() {
  const { pathname } = useLocation();
  const route = routeForPath(pathname);
  return (
    <header className="app-header">
      <div className="app-header-titles">
        <h1>{route?.title ?? 'WhatsApp Agent Chat'}</h1>
        {route?.subtitle && <p className="muted">{route.subtitle}</p>}
      </div>
      <div className="app-header-actions">
        <input className="header-search" type="search" placeholder="Search..." aria-label="Search" />
        <NotificationDropdown />
        <AvatarMenu />
      </div>
    </header>
  );
}
