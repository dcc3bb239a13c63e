import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

export const TOAST_AUTO_CLOSE_MS = 5000;

export interface ToastInput {
  type: 'success' | 'error' | 'warning' | 'info';
  title: string;
  help?: string;
  action?: { label: string; onClick: () => void };
  /** Overrides the default: 5 s, or never for errors. */
  durationMs?: number;
  onClick?: () => void;
}

interface Toast extends ToastInput {
  id: number;
}

/** `show` answers what takes the toast away again, for a toast whose cause has passed (the socket back). */
const ToastContext = createContext<{ show: (toast: ToastInput) => () => void } | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);

  const show = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-4), { ...input, id }]);
      // Errors stay until dismissed (spec 8); everything else closes by itself.
      const duration = input.durationMs ?? (input.type === 'error' ? null : TOAST_AUTO_CLOSE_MS);
      if (duration) setTimeout(() => dismiss(id), duration);
      return () => dismiss(id);
    },
    [dismiss],
  );

  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.type}`} role={t.type === 'error' ? 'alert' : 'status'}>
            {t.onClick ? (
              <button
                type="button"
                className="toast-body toast-clickable"
                onClick={() => {
                  t.onClick?.();
                  dismiss(t.id);
                }}
              >
                <ToastText toast={t} />
              </button>
            ) : (
              <div className="toast-body">
                <ToastText toast={t} />
                {t.action && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    onClick={() => {
                      t.action?.onClick();
                      dismiss(t.id);
                    }}
                  >
                    {t.action.label}
                  </button>
                )}
              </div>
            )}
            <button type="button" className="toast-close" onClick={() => dismiss(t.id)} aria-label="Dismiss">
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastText({ toast }: { toast: Toast }) {
  return (
    <>
      <strong>{toast.title}</strong>
      {toast.help && <p>{toast.help}</p>}
    </>
  );
}

export function useToast() {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast needs a ToastProvider');
  return context;
}
