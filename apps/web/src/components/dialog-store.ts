import { useSyncExternalStore } from 'react';

/**
 * The queue of open dialogs, shared by `dialogs` (which adds to it) and the dialog views
 * (which show and close them): a module of its own, so neither imports the other.
 */
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
  /** Cancel takes the focus (and Enter) instead of OK: for a question whose OK loses work. */
  focusCancel?: boolean;
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

/** Takes a request off the queue (its dialog closes). */
export function close(request: Request) {
  queue = queue.filter((entry) => entry !== request);
  emit();
}

/** Puts a request at the back of the queue (its dialog shows when its turn comes). */
export function open(request: Request) {
  queue = [...queue, request];
  emit();
}

/** Closes every alert and confirm as if dismissed (a confirm answers not confirmed). */
export function dismissAll() {
  const open = queue;
  queue = [];
  emit();
  for (const request of open) {
    if (request.kind === 'confirm') request.resolve({ confirmed: false });
    else request.resolve();
  }
}

/** Queues a confirm dialog; the answer comes when the user closes it. */
export function ask(
  options: ConfirmOptions,
): Promise<{ confirmed: boolean; value?: string | number }> {
  return new Promise((resolve) => open({ kind: 'confirm', ...options, resolve }));
}

/** One more (+1) or one fewer (-1) piece of work behind the loading dialog. */
export function changeLoading(by: 1 | -1) {
  loadingCount += by;
  emit();
}
