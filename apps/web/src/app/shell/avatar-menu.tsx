import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { useClickOutside } from '../../lib/use-click-outside';

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
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
      >
        {avatarLetter(user?.username)}
      </button>
      {open && (
        <div className="dropdown-panel avatar-panel" role="menu">
          <div className="avatar-panel-user">
            <strong>{user?.username}</strong>
            <span className="muted">{user?.role}</span>
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
            Log out
          </button>
        </div>
      )}
    </div>
  );
}
