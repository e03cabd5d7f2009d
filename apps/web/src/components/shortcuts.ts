import { useEffect, useRef } from 'react';
import { anyLayerOpen } from './dialog-layers.ts';

/**
 * Page shortcuts are Alt + a letter (issue 23: the front desk's commonest actions):
 * - not a single letter: screen readers (NVDA, JAWS, VoiceOver) take letters for their own
 *   quick navigation in browse mode, and single-letter shortcuts fire while typing (WCAG
 *   2.1.4);
 * - not Ctrl: Ctrl + letter is the browser's (new tab, find, reload, print...);
 * - Alt + letter is free in Chrome and Edge but for D (address bar), E and F (the browser
 *   menu), and in Firefox for those and its menu bar's letters (V, S, B, T, H): so we use
 *   N, P and R. The key is matched by its place (`code`), so on a Mac Option+N works too
 *   (and types no '˜').
 * A shortcut does nothing while a dialog is open: the dialog is what the user is doing.
 */
export interface Shortcut {
  /** The letter, upper case. */
  letter: string;
}

/** How a shortcut is written in tooltips and `aria-keyshortcuts`: 'Alt+N'. */
export function shortcutKeys(shortcut: Shortcut): string {
  return `Alt+${shortcut.letter}`;
}

/** Calls `action` on Alt + the shortcut's letter while `enabled`. */
export function useShortcut(shortcut: Shortcut, action: () => void, enabled = true) {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const code = `Key${shortcut.letter}`;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const onlyAlt = event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
      if (!onlyAlt || event.code !== code || event.repeat || anyLayerOpen()) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [code, enabled]);
}
