import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireSession, RootRedirect } from './guards.tsx';

/*
 * Every page is its own chunk (`lazy`), so a page downloads only its own code: the sign-in
 * page never loads the shell, the queue, the board or the console. The guards and
 * redirects are tiny and stay in the entry chunk. The router loads the chunks of the
 * matched routes before it renders them; main.tsx creates the router while the runtime
 * configuration is still being read, so both downloads overlap.
 */

const accounts = () => import('../features/accounts/LoginPages.tsx');
const notFound = () => import('../features/errors/NotFoundPage.tsx');

/** Every screen's address (doc 1 sections 2.1 to 2.3, doc 3 section 2.2). */
export const appRoutes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    path: '/register',
    lazy: async () => ({
      Component: (await import('../features/accounts/RegisterPage.tsx')).RegisterPage,
    }),
  },
  { path: '/login', lazy: async () => ({ Component: (await accounts()).TenantLoginPage }) },
  { path: '/auth/login', lazy: async () => ({ Component: (await accounts()).StaffLoginPage }) },
  {
    path: '/forgot-password',
    lazy: async () => ({ Component: (await accounts()).ForgotPasswordPage }),
  },
  {
    path: '/validate/:uid/:vid',
    lazy: async () => ({
      Component: (await import('../features/accounts/ValidatePage.tsx')).ValidatePage,
    }),
  },
  {
    path: '/console',
    lazy: async () => {
      const { ConsoleLayout } = await import('../features/console/ConsoleLayout.tsx');
      return {
        element: (
          <RequireSession portal>
            <ConsoleLayout />
          </RequireSession>
        ),
      };
    },
    children: [
      { index: true, element: <Navigate to="tenant" replace /> },
      {
        path: 'tenant',
        lazy: async () => ({
          Component: (await import('../features/console/ConsoleLayout.tsx')).TenantInfoPage,
        }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/console/ConsoleLayout.tsx')).ConsoleComingSoon,
        }),
      },
    ],
  },
  {
    path: '/:subdomain/confirm',
    lazy: async () => ({
      Component: (await import('../features/accounts/ConfirmPage.tsx')).ConfirmPage,
    }),
  },
  // The waiting-room board: outside the shell, opened by staff or by a display link.
  {
    path: '/:branchCode/queue-display',
    lazy: async () => ({
      Component: (await import('../features/queue-display/QueueDisplayPage.tsx')).QueueDisplayPage,
    }),
  },
  {
    path: '/:branchCode',
    lazy: async () => {
      const { BranchShell } = await import('../features/shell/BranchShell.tsx');
      return {
        element: (
          <RequireSession>
            <BranchShell />
          </RequireSession>
        ),
      };
    },
    children: [
      { index: true, element: <Navigate to="queue" replace /> },
      {
        path: 'queue',
        lazy: async () => {
          const [{ SectionGate }, { QueuePage }] = await Promise.all([
            import('../features/shell/SectionPage.tsx'),
            import('../features/queue/QueuePage.tsx'),
          ]);
          return {
            element: (
              <SectionGate module="queue">
                <QueuePage />
              </SectionGate>
            ),
          };
        },
      },
      {
        path: 'queue/*',
        lazy: async () => {
          const { NotFoundPage } = await notFound();
          return { element: <NotFoundPage standalone={false} /> };
        },
      },
      {
        path: 'user/profile',
        lazy: async () => ({
          Component: (await import('../features/accounts/ProfilePage.tsx')).ProfilePage,
        }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/shell/SectionPage.tsx')).SectionPage,
        }),
      },
    ],
  },
  { path: '*', lazy: async () => ({ Component: (await notFound()).NotFoundPage }) },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
