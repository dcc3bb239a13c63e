import type { Ref } from 'react';
import { useAppSettings } from '../../lib/app-settings';
import { AvatarMenu } from './avatar-menu';
import { NotificationDropdown } from './notification-dropdown';

interface HeaderProps {
  title: string | undefined;
  subtitle?: string;
  /** Where a page's HeaderSearch and HeaderActions appear (ui/header-slots). */
  searchSlotRef: Ref<HTMLDivElement>;
  actionsSlotRef: Ref<HTMLDivElement>;
}

export function Header({ title, subtitle, searchSlotRef, actionsSlotRef }: HeaderProps) {
  const appName = useAppSettings()['app.name'];
  return (
    <header className="app-header">
      <div className="app-header-titles">
        <h1>{title ?? appName}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </div>
      <div className="app-header-actions">
        <div className="header-slot" ref={searchSlotRef} />
        <div className="header-slot" ref={actionsSlotRef} />
        <NotificationDropdown />
        <span className="header-divider" aria-hidden="true" />
        <AvatarMenu />
      </div>
    </header>
  );
}
