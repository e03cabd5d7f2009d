import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setAuthHandlers } from '../api/clients.ts';
import { DialogHost, dialogs, snackbar } from '../components/dialogs.tsx';
import { i18n } from '../i18n/index.ts';
import { createAppRouter } from './router.tsx';
import { sessionStore } from './session.ts';
import { cssVariablesResolver, theme } from './theme.ts';

function createClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !(error as { status?: number }).status,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(createClient);
  useState(() =>
    setAuthHandlers({
      // 401: the session is over; the protected page sends the user to login.
      onUnauthorized: () => {
        if (!sessionStore.get()) return;
        queryClient.clear();
        sessionStore.signOut('server');
        snackbar.error(i18n.t('session.ended'), 6000);
      },
      // 403: an alert with the server's message.
      onForbidden: (message) => void dialogs.alert(message, { type: 'error' }),
    }),
  );
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
