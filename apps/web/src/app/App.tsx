import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setAuthHandlers } from '../api/clients.ts';
import { DialogHost, dialogs, snackbar } from '../components/dialogs.tsx';
import { i18n } from '../i18n/index.ts';
import { createQueryClient, dropCacheOnUserChange } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { sessionStore } from './session.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(createQueryClient);
  useState(() => {
    dropCacheOnUserChange(queryClient);
    setAuthHandlers({
      // 401: the session of that token is over; the protected page sends the user to
      // login. A call of an earlier session (another tab signed in since) ends nothing.
      onUnauthorized: (token) => {
        if (!token || sessionStore.token() !== token) return;
        sessionStore.signOut('server', token);
        if (!sessionStore.get()) snackbar.error(i18n.t('session.ended'), 6000);
      },
      // 403: an alert with the server's message.
      onForbidden: (message) => void dialogs.alert(message, { type: 'error' }),
    });
  });
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <Notifications position="top-right" />
          <DialogHost />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
