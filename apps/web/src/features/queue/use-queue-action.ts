import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { useRefreshQueue } from './queue-api.ts';

/** Which of the spec's fallback texts a failure shows when the server gives no message. */
export type QueueFailure = 'update' | 'delete' | 'moveUp' | 'moveDown' | 'callIn' | 'timeOut';

/**
 * Runs one change of a queue row behind the loading dialog. Success: 'Successful' and the
 * day's list is fetched again. Failure: an alert with the server's message (or the
 * fallback); a stale version (409) also refreshes the list. Answers whether it worked, so
 * an inline editor can put its value back.
 */
export function useQueueAction(): (
  call: () => Promise<unknown>,
  failure: QueueFailure,
) => Promise<boolean> {
  const { t } = useTranslation();
  const refresh = useRefreshQueue();
  return async (call, failure) => {
    try {
      await dialogs.whileLoading(call);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 409) void refresh();
        // 401 ends the session and 403 already showed its alert (api/clients.ts).
        if (error.status === 401 || error.status === 403) return false;
      }
      const message = error instanceof ApiError && error.message ? error.message : null;
      void dialogs.alert(message ?? t(`queue.failed.${failure}`));
      return false;
    }
    snackbar.success(t('queue.successful'));
    void refresh();
    return true;
  };
}
