import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { setAuthHandlers } from '../api/clients.ts';
import { DialogHost, dialogs, snackbar } from '../components/dialogs.tsx';
import { i18n } from '../i18n/index.ts';
import { sessionStore } from '../api/session.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The snackbar list is not needed to show a page: it loads beside the first page.
const Notifications = lazy(() => import('../components/notifications-chunk.ts'));

/** The providers around the app's router (made by `createAppRouter`). */
export function App({ router }: { router: DataRouter }) {
  useState(() => {
    setAuthHandlers({
      // 401: the session of that token is over; the protected page sends the user to
      // login. A call of an earlier session (another tab signed in since) ends nothing.
      // A session the server ended for inactivity says so.
      onUnauthorized: (token, code) => {
        if (!token || sessionStore.token() !== token) return;
        sessionStore.signOut('server', token);
        const message = code === 'session.idle' ? 'session.idle' : 'session.ended';
        if (!sessionStore.get()) snackbar.error(i18n.t(message), 6000);
      },
      // 403: an alert with the server's message.
      onForbidden: (message) => void dialogs.alert(message, { type: 'error' }),
    });
  });
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
        <DialogHost />
        <RouterProvider router={router} />
      </DatesProvider>
    </MantineProvider>
  );
}
