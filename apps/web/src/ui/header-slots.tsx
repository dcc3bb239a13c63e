import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './icon';

export interface HeaderSlotElements {
  search: HTMLElement | null;
  actions: HTMLElement | null;
}

const HeaderSlotsContext = createContext<HeaderSlotElements>({ search: null, actions: null });

/** Given by the shell: the places in the header where the current page may put a search box and actions. */
export function HeaderSlotsProvider({ slots, children }: { slots: HeaderSlotElements; children: ReactNode }) {
  return <HeaderSlotsContext.Provider value={slots}>{children}</HeaderSlotsContext.Provider>;
}

/** Puts buttons or links in the header's action slot while the page is shown. */
export function HeaderActions({ children }: { children: ReactNode }) {
  const { actions } = useContext(HeaderSlotsContext);
  return actions ? createPortal(children, actions) : null;
}

export interface HeaderSearchProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Names the box for screen readers, e.g. 'Search users'. */
  label?: string;
}

/** Shows the header's search box (spec 2: placeholder 'Search...') for the page that renders it, feeding that page's own search. */
export function HeaderSearch({ value, onChange, placeholder = 'Search...', label = 'Search' }: HeaderSearchProps) {
  const { search } = useContext(HeaderSlotsContext);
  if (!search) return null;
  return createPortal(
    <label className="header-search">
      <Icon name="search" size={16} />
      <input type="search" value={value} placeholder={placeholder} aria-label={label} onChange={(e) => onChange(e.target.value)} />
    </label>,
    search,
  );
}
