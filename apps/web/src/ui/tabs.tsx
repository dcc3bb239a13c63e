import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface Tab {
  id: string;
  label: string;
  render: () => ReactNode;
}

interface TabsProps {
  tabs: Tab[];
  /** The tab list's accessible name. */
  label: string;
  /** Classes of the wrapper (a card, say) and of the panel. */
  className?: string;
  panelClassName?: string;
}

/** Tabs as WAI-ARIA describes them: one tab in the tab order, arrow keys, Home and End move between them. */
export function Tabs({ tabs, label, className, panelClassName }: TabsProps) {
  const prefix = useId();
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];
  if (!current) return null;

  const move = (e: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === current.id);
    const target =
      e.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!target) return;
    e.preventDefault();
    setSelected(target.id);
    refs.current[target.id]?.focus();
  };

  return (
    <div className={className}>
      <div className="segmented" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${tab.id}`}
            aria-controls={`${prefix}-panel`}
            aria-selected={tab.id === current.id}
            tabIndex={tab.id === current.id ? 0 : -1}
            className={tab.id === current.id ? 'is-active' : undefined}
            onClick={() => setSelected(tab.id)}
            onKeyDown={move}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={`${prefix}-tab-${current.id}`} className={panelClassName}>
        {current.render()}
      </div>
    </div>
  );
}
