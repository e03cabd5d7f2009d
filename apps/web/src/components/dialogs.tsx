import { notifications } from '@mantine/notifications';
import { useEffect, useState, type ComponentType } from 'react';
import { i18n } from '../i18n/index.ts';
import {
  ask,
  changeLoading,
  dismissAll,
  open,
  type AlertType,
  type ConfirmOptions,
} from './dialog-store.ts';

// The dialogs themselves (Mantine's Modal, its focus trap and scroll lock, the number
// field) are a chunk of their own: no page needs them to show itself. DialogHost fetches
// them right after the first render, so they are there by the time anything is asked.
let views: ComponentType | null = null;
const loadViews = async (): Promise<ComponentType> =>
  (views ??= (await import('./dialog-views.tsx')).default);

/** Dialogs any code can open: alert, confirm, and the blocking loading dialog. */
export const dialogs = {
  alert(message: string, options: { type?: AlertType; title?: string } = {}): Promise<void> {
    return new Promise((resolve) => {
      open({
        kind: 'alert',
        type: options.type ?? 'error',
        title: options.title,
        message,
        resolve,
      });
    });
  },
  confirm(options: ConfirmOptions): Promise<{ confirmed: boolean; value?: string | number }> {
    return ask(options);
  },
  /** Closes every open alert and confirm, as if dismissed (their text may name a patient). */
  dismissAll,
  /** Runs work behind the blocking loading dialog. */
  async whileLoading<T>(work: () => Promise<T>): Promise<T> {
    changeLoading(1);
    try {
      return await work();
    } finally {
      changeLoading(-1);
    }
  },
};

/** Snackbar: top right, 2000 ms, with a close button (doc 1 section 9). */
export const snackbar = {
  success: (message: string) => show(message, 'teal', 2000),
  error: (message: string, autoClose = 2000) => show(message, 'red', autoClose),
  /** Removes every snackbar shown or waiting (their text may name a patient). */
  clear: () => notifications.clean(),
};

function show(message: string, color: string, autoClose: number) {
  const closeButtonProps = { 'aria-label': i18n.t('dialog.close') };
  return notifications.show({ message, color, autoClose, withCloseButton: true, closeButtonProps });
}

/** Renders the dialog at the front of the queue and the loading dialog. */
export function DialogHost() {
  const [Views, setViews] = useState<ComponentType | null>(() => views);
  useEffect(() => {
    let mounted = true;
    if (!Views) void loadViews().then((loaded) => mounted && setViews(() => loaded));
    return () => {
      mounted = false;
    };
  }, [Views]);
  return Views ? <Views /> : null;
}
