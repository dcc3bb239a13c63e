import { useEffect, useRef } from 'react';

export interface BuilderShortcuts {
  undo: () => void;
  redo: () => void;
  /** True when something was copied (the key press is then taken). */
  copy: () => boolean;
  /** True when something was pasted. */
  paste: () => boolean;
}

/** Typing in a field keeps the field's own undo, copy and paste. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** What a key press asks for: Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or Ctrl+Y, Ctrl/Cmd+C, Ctrl/Cmd+V. */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): keyof BuilderShortcuts | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  if (key === 'c' && !event.shiftKey) return 'copy';
  if (key === 'v' && !event.shiftKey) return 'paste';
  return null;
}

/** The builder's keyboard shortcuts, anywhere on the page but in text fields and open dialogs. */
export function useBuilderShortcuts(shortcuts: BuilderShortcuts, enabled: boolean) {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut || isEditable(event.target) || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      // Copying text selected on the page stays the browser's.
      if (shortcut === 'copy' && window.getSelection()?.toString()) return;
      const taken = latest.current[shortcut]();
      if (taken !== false) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
