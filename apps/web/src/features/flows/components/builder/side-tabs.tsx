import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface SideTab<K extends string> {
  key: K;
  label: string;
  content: ReactNode;
}

interface SideTabsProps<K extends string> {
  label: string;
  tabs: SideTab<K>[];
  current: K;
  onSelect: (key: K) => void;
}

/**
 * The builder's side panel: tabs in the WAI-ARIA pattern (arrow keys, Home, End). Every panel stays mounted, hidden
 * when not chosen, so a conversation in Try it survives a look at the properties.
 */
export function SideTabs<K extends string>({ label, tabs, current, onSelect }: SideTabsProps<K>) {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.key);
    buttons.current.get(next.key)?.focus();
  };
  return (
    <div className="flow-side">
      <div role="tablist" aria-label={label} className="flow-side-tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              if (el) buttons.current.set(tab.key, el);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === current}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === current ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== current}
          className="flow-side-panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
