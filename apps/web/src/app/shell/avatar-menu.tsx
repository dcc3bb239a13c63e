import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { useClickOutside } from '../../lib/use-click-outside';
import { Icon } from '../../ui/icon';

export function avatarLetter(username: string | undefined | null): string {
  return username?.trim().charAt(0).toUpperCase() || 'U';
}

export function AvatarMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useClickOutside(ref, open, close);

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="avatar"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && close()}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
      >
        {avatarLetter(user?.username)}
      </button>
      {open && (
        <div className="dropdown-panel avatar-panel" role="menu" onKeyDown={(e) => e.key === 'Escape' && close()}>
          <div className="avatar-panel-user">
            <span className="avatar avatar-large" aria-hidden="true">
              {avatarLetter(user?.username)}
            </span>
            <div className="avatar-panel-identity">
              <strong>{user?.username}</strong>
              {user?.email && <span className="muted small">{user.email}</span>}
              <span className={`badge ${user?.role === 'admin' ? 'badge-success' : 'badge-muted'} badge-role`}>{user?.role}</span>
            </div>
          </div>
          <button
            type="button"
            role="menuitem"
            className="dropdown-item"
            onClick={() => {
              setOpen(false);
              navigate('/profile');
            }}
          >
            <Icon name="user" size={16} />
            Profile
          </button>
          <button
            type="button"
            role="menuitem"
            className="dropdown-item"
            onClick={async () => {
              setOpen(false);
              await logout();
              navigate('/login', { replace: true });
            }}
          >
            <Icon name="logout" size={16} />
            Log out
          </button>
        </div>
      )}
    </div>
  );
}
