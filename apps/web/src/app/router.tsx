import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  ForgotPasswordPage,
  StaffLoginPage,
  TenantLoginPage,
} from '../features/accounts/LoginPages.tsx';
import { BranchHome, RequireSession, RootRedirect } from './guards.tsx';
import { childPath, ROUTES } from './routes.ts';

/*
 * Every page but sign-in is its own chunk (`lazy`), so a page downloads only its own
 * code: the sign-in page never loads the shell, the queue, the board or the console. The
 * sign-in pages, where most cold visits land, are in the entry chunk: the browser then
 * fetches all they need straight from index.html (modulepreload), without waiting for the
 * entry to run first. The query cache (TanStack Query) comes with the pages that use it.
 * The router loads the chunks of the matched routes before it renders them; main.tsx
 * creates the router while config.json is being read, so both downloads overlap.
 */

/** A page's element inside the app's query cache, both loaded with the page. */
async function withQueries(page: Promise<() => ReactNode>): Promise<{ element: ReactNode }> {
  const [render, { WithQueries }] = await Promise.all([page, import('./queries.tsx')]);
  return { element: <WithQueries>{render()}</WithQueries> };
}

const notFound = () => import('../features/errors/NotFoundPage.tsx');

/**
 * Every screen's address (doc 1 sections 2.1 to 2.3, doc 3 section 2.2), each path taken
 * from the route table (`routes.ts`) that the end-to-end route sweep walks.
 */
export const appRoutes: RouteObject[] = [
  { path: ROUTES.root.path, element: <RootRedirect /> },
  {
    path: ROUTES.register.path,
    lazy: () =>
      withQueries(
        import('../features/accounts/RegisterPage.tsx').then(({ RegisterPage }) => () => (
          <RegisterPage />
        )),
      ),
  },
  { path: ROUTES.tenantLogin.path, Component: TenantLoginPage },
  { path: ROUTES.staffLogin.path, Component: StaffLoginPage },
  { path: ROUTES.forgotPassword.path, Component: ForgotPasswordPage },
  {
    path: ROUTES.validateDevice.path,
    lazy: () =>
      withQueries(
        import('../features/accounts/ValidatePage.tsx').then(({ ValidatePage }) => () => (
          <ValidatePage />
        )),
      ),
  },
  {
    path: ROUTES.console.path,
    lazy: () =>
      withQueries(
        import('../features/console/ConsoleLayout.tsx').then(({ ConsoleLayout }) => () => (
          <RequireSession portal>
            <ConsoleLayout />
          </RequireSession>
        )),
      ),
    children: [
      { index: true, element: <Navigate to="tenant" replace /> },
      {
        path: childPath(ROUTES.console, ROUTES.consoleTenant),
        lazy: async () => ({
          Component: (await import('../features/console/ConsoleLayout.tsx')).TenantInfoPage,
        }),
      },
      {
        path: childPath(ROUTES.console, ROUTES.consoleSection),
        lazy: async () => ({
          Component: (await import('../features/console/ConsoleLayout.tsx')).ConsoleComingSoon,
        }),
      },
    ],
  },
  {
    path: ROUTES.confirm.path,
    lazy: async () => ({
      Component: (await import('../features/accounts/ConfirmPage.tsx')).ConfirmPage,
    }),
  },
  // The waiting-room board: outside the shell, opened by staff or by a display link.
  {
    path: ROUTES.queueDisplay.path,
    lazy: () =>
      withQueries(
        import('../features/queue-display/QueueDisplayPage.tsx').then(
          ({ QueueDisplayPage }) =>
            () => <QueueDisplayPage />,
        ),
      ),
  },
  {
    path: ROUTES.branchHome.path,
    lazy: () =>
      withQueries(
        import('../features/shell/BranchShell.tsx').then(({ BranchShell }) => () => (
          <RequireSession>
            <BranchShell />
          </RequireSession>
        )),
      ),
    children: [
      { index: true, element: <BranchHome /> },
      {
        path: childPath(ROUTES.branchHome, ROUTES.queue),
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
        path: childPath(ROUTES.branchHome, ROUTES.queueUnknown),
        lazy: async () => {
          const { NotFoundPage } = await notFound();
          return { element: <NotFoundPage standalone={false} /> };
        },
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.profile),
        lazy: async () => ({
          Component: (await import('../features/accounts/ProfilePage.tsx')).ProfilePage,
        }),
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.branchSection),
        lazy: async () => ({
          Component: (await import('../features/shell/SectionPage.tsx')).SectionPage,
        }),
      },
    ],
  },
  {
    path: ROUTES.notFound.path,
    lazy: async () => ({ Component: (await notFound()).NotFoundPage }),
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
