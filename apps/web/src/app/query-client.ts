import { QueryClient } from '@tanstack/react-query';
import { onForbiddenAnswer } from '../api/clients.ts';
import { sessionStore } from '../api/session.ts';

/** The app's query cache: two retries for network failures, none for server answers. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !(error as { status?: number }).status,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Nothing cached for one user survives into another's session (query keys such as
 * ['timeout'] name no user): a sign-out (here, in another tab, or ended by the server)
 * empties the cache; another user's sign-in in another tab resets it, so the pages shown
 * load again with the new session.
 */
export function dropCacheOnUserChange(client: QueryClient): void {
  sessionStore.onUserChange((session) => {
    if (session) void client.resetQueries();
    else client.clear();
  });
}

/**
 * A 403 means the user's role changed since the permissions were read (the web hides
 * what the role does not allow): the current branch, which carries them, is asked again.
 */
export function refreshPermissionsOnForbidden(client: QueryClient): () => void {
  return onForbiddenAnswer(() => void client.invalidateQueries({ queryKey: ['current-branch'] }));
}
