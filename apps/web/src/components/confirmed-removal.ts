import { ApiError } from '../api/http.ts';
import { dialogs, snackbar } from './dialogs.tsx';

/**
 * Alerts a failure's message, unless the API client showed it already: it ends the session
 * on a 401 and alerts the refusal of a 403 itself.
 */
export function alertFailure(failure: unknown): void {
  if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) return;
  void dialogs.alert(failure instanceof Error ? failure.message : String(failure));
}

export interface ConfirmedRemoval {
  /** The confirmation dialog's title and question. */
  title: string;
  message: string;
  /** The removal itself (the row's id and the version read). */
  remove: () => Promise<unknown>;
  /** The snackbar once it is removed. */
  removed: string;
  /** Reloads the list, removed or not (a 409: someone changed the row meanwhile). */
  refresh: () => Promise<unknown>;
}

/**
 * Removes a row of a list once the user confirms: behind the loading dialog, a snackbar
 * when it is done, the refusal's message otherwise, and the list reloaded either way.
 * Nothing happens when the user cancels.
 */
export async function removeAfterConfirm(removal: ConfirmedRemoval): Promise<void> {
  const answer = await dialogs.confirm({ title: removal.title, message: removal.message });
  if (!answer.confirmed) return;
  try {
    await dialogs.whileLoading(removal.remove);
    snackbar.success(removal.removed);
  } catch (failure) {
    alertFailure(failure);
  } finally {
    await removal.refresh();
  }
}
