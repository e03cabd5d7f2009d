import { createBrowserRouter, Navigate } from 'react-router';
import { ConfirmPage } from '../features/accounts/ConfirmPage.tsx';
import {
  ForgotPasswordPage,
  StaffLoginPage,
  TenantLoginPage,
} from '../features/accounts/LoginPages.tsx';
import { ProfilePage } from '../features/accounts/ProfilePage.tsx';
import { RegisterPage } from '../features/accounts/RegisterPage.tsx';
import { ValidatePage } from '../features/accounts/ValidatePage.tsx';
import {
  ConsoleComingSoon,
  ConsoleLayout,
  TenantInfoPage,
} from '../features/console/ConsoleLayout.tsx';
import { NotFoundPage } from '../features/errors/NotFoundPage.tsx';
import { QueueDisplayPage } from '../features/queue-display/QueueDisplayPage.tsx';
import { QueuePage } from '../features/queue/QueuePage.tsx';
import { BranchShell } from '../features/shell/BranchShell.tsx';
import { SectionGate, SectionPage } from '../features/shell/SectionPage.tsx';
import { RequireSession, RootRedirect } from './guards.tsx';

/** Every screen's address (doc 1 sections 2.1 to 2.3, doc 3 section 2.2). */
export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <RootRedirect /> },
    { path: '/register', element: <RegisterPage /> },
    { path: '/login', element: <TenantLoginPage /> },
    { path: '/auth/login', element: <StaffLoginPage /> },
    { path: '/forgot-password', element: <ForgotPasswordPage /> },
    { path: '/validate/:uid/:vid', element: <ValidatePage /> },
    {
      path: '/console',
      element: (
        <RequireSession portal>
          <ConsoleLayout />
        </RequireSession>
      ),
      children: [
        { index: true, element: <Navigate to="tenant" replace /> },
        { path: 'tenant', element: <TenantInfoPage /> },
        { path: '*', element: <ConsoleComingSoon /> },
      ],
    },
    { path: '/:subdomain/confirm', element: <ConfirmPage /> },
    // The waiting-room board: outside the shell, opened by staff or by a display link.
    { path: '/:branchCode/queue-display', element: <QueueDisplayPage /> },
    {
      path: '/:branchCode',
      element: (
        <RequireSession>
          <BranchShell />
        </RequireSession>
      ),
      children: [
        { index: true, element: <Navigate to="queue" replace /> },
        {
          path: 'queue',
          element: (
            <SectionGate module="queue">
              <QueuePage />
            </SectionGate>
          ),
        },
        { path: 'queue/*', element: <NotFoundPage standalone={false} /> },
        { path: 'user/profile', element: <ProfilePage /> },
        { path: '*', element: <SectionPage /> },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
