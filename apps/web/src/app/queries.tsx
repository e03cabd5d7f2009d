import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  createQueryClient,
  dropCacheOnUserChange,
  refreshPermissionsOnForbidden,
} from './query-client.ts';

// The app's one query cache. Only pages that read the API through TanStack Query need it,
// so it comes with their chunks (router.tsx wraps them in WithQueries) and the sign-in
// pages load without it. Made once, on the first such page.
const client = createQueryClient();
dropCacheOnUserChange(client);
refreshPermissionsOnForbidden(client);

/** Gives the pages inside the app's query cache. */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
