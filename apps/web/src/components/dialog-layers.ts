import { useEffect, useRef } from 'react';

/**
 * Escape closes the innermost layer only. Each open dialog is a layer on this stack (the
 * last opened on top); one listener hands Escape to the top layer, unless the key is meant
 * for something open inside it (a select's list, a menu, a date picker's calendar), which
 * closes itself first. Mantine's own Escape handling is off in our dialogs: every open
 * Modal listens to the window, so one Escape would close a dialog and the confirm above it.
 */
interface Layer {
  escape: () => void;
}

const layers: Layer[] = [];

/** True when the key is for a list, menu or popover open inside the layer. */
function innerLayerOpen(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.getAttribute('data-mantine-stop-propagation') === 'true') return true;
  if (target.getAttribute('aria-expanded') === 'true' && target.hasAttribute('aria-haspopup')) {
    return true;
  }
  return (
    target.closest('[data-mantine-stop-propagation="true"], .mantine-Popover-dropdown') !== null
  );
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.isComposing || innerLayerOpen(event.target)) return;
  layers.at(-1)?.escape();
}

/** True while a dialog is open: page shortcuts wait until it closes. */
export function anyLayerOpen(): boolean {
  return layers.length > 0;
}

/** Makes the caller a layer while `active`: Escape calls `onEscape` when it is on top. */
export function useEscapeLayer(onEscape: () => void, active = true) {
  const latest = useRef(onEscape);
  useEffect(() => {
    latest.current = onEscape;
  });
  useEffect(() => {
    if (!active) return;
    const layer: Layer = { escape: () => latest.current() };
    // Capture, before React's handlers: a list that closes on this Escape must still
    // count as open here.
    if (layers.length === 0) window.addEventListener('keydown', onKeyDown, true);
    layers.push(layer);
    return () => {
      layers.splice(layers.indexOf(layer), 1);
      if (layers.length === 0) window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [active]);
}
