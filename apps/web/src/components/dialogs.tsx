import { notifications } from '@mantine/notifications';
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { i18n } from '../i18n/index.ts';

// The dialogs themselves (Mantine's Modal, its focus trap and scroll lock, the number
// field) are a chunk of their own: no page needs them to show itself. DialogHost fetches
// them right after the first render, so they are there by the time anything is asked.
let views: ComponentType | null = null;
const loadViews = async (): Promise<ComponentType> =>
  (views ??= (await import('./dialog-views.tsx')).default);

export type AlertType = 'error' | 'warning' | 'info';

export interface AlertRequest {
  kind: 'alert';
  type: AlertType;
  title?: string;
  message: string;
  resolve: () => void;
}

export interface ConfirmOptions {
  title: string;
  message?: string;
  okText?: string;
  cancelText?: string;
  /** An optional field the user fills before confirming. */
  input?: { type: 'textarea' | 'number'; label: string; required?: string };
}

export interface ConfirmRequest extends ConfirmOptions {
  kind: 'confirm';
  resolve: (result: { confirmed: boolean; value?: string | number }) => void;
}

export type Request = AlertRequest | ConfirmRequest;

let queue: Request[] = [];
let loadingCount = 0;
const listeners = new Set<() => void>();
let snapshot = { queue, loadingCount };
const emit = () => {
  snapshot = { queue, loadingCount };
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What the dialog views show: the queue of requests and the loading count. */
export function useDialogState() {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** Dialogs any code can open: alert, confirm, and the blocking loading dialog. */
export const dialogs = {
  alert(message: string, options: { type?: AlertType; title?: string } = {}): Promise<void> {
    return new Promise((resolve) => {
      queue = [
        ...queue,
        { kind: 'alert', type: options.type ?? 'error', title: options.title, message, resolve },
      ];
      emit();
    });
  },
  confirm(options: ConfirmOptions): Promise<{ confirmed: boolean; value?: string | number }> {
    return new Promise((resolve) => {
      queue = [...queue, { kind: 'confirm', ...options, resolve }];
      emit();
    });
  },
  /** Runs work behind the blocking loading dialog. */
  async whileLoading<T>(work: () => Promise<T>): Promise<T> {
    loadingCount += 1;
    emit();
    try {
      return await work();
    } finally {
      loadingCount -= 1;
      emit();
    }
  },
};

/** Snackbar: top right, 2000 ms, with a close button (doc 1 section 9). */
export const snackbar = {
  success: (message: string) => show(message, 'teal', 2000),
  error: (message: string, autoClose = 2000) => show(message, 'red', autoClose),
};

function show(message: string, color: string, autoClose: number) {
  const closeButtonProps = { 'aria-label': i18n.t('dialog.close') };
  return notifications.show({ message, color, autoClose, withCloseButton: true, closeButtonProps });
}

/** Takes a request off the queue (its dialog closes). */
export function close(request: Request) {
  queue = queue.filter((entry) => entry !== request);
  emit();
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
