import type { Permission } from '@clinic/domain';
import type { TextKey } from '../i18n/index.ts';
import { CONSOLE_PAGES, OTHER_PAGES, SIDE_NAV_PAGES } from './sections.ts';

/**
 * Every address of the web app, as plain data: the router (`router.tsx`) takes each
 * route's path from here, and the end-to-end route sweep (`e2e/tests/sweep.spec.ts`) walks
 * this list, so a new screen is swept as soon as it has a route. A unit test checks that
 * the router's routes and this list are the same set.
 */

/** Who opens a screen: anyone, a clinic's staff in a branch, or the clinic's console. */
export type Audience = 'public' | 'staff' | 'console';

/** A page a wildcard route serves (a section of the shell or of the console). */
export interface ServedPage {
  /** The rest of the address after the wildcard's parent, e.g. 'inventory'. */
  path: string;
  permission?: Permission;
  module?: string | null;
}

export interface ScreenRoute {
  /** The address pattern the router matches, e.g. '/:branchCode/queue'. */
  path: string;
  audience: Audience;
  /** The permission a role needs to see the screen's own content (none: any signed-in user). */
  permission?: Permission;
  /** Only sends the user on to another route's screen: nothing of its own to sweep. */
  redirects?: true;
  /** A wildcard route: the pages it serves (none: it answers unknown addresses, a 404). */
  serves?: readonly ServedPage[];
  /**
   * The buttons that open this screen's dialogs, by their text key (a '{{…}}' placeholder
   * matches any value; the first match is opened). Menus and pickers need no entry: the
   * sweep opens every element with `aria-haspopup` on its own.
   */
  dialogs?: readonly TextKey[];
  /** Its table rows mark their primary action with `data-primary-action`: the sweep requires some. */
  primaryActions?: true;
}

/** The screens of the branch shell's and the console's wildcard routes. */
const SHELL_SECTIONS: readonly ServedPage[] = [...SIDE_NAV_PAGES, ...OTHER_PAGES]
  .filter((page) => page.path !== 'queue' && page.path !== 'queue-display')
  .map(({ path, module, ...rest }) => ({
    path,
    module,
    permission: 'permission' in rest ? rest.permission : undefined,
  }));

const CONSOLE_SECTION_PAGES: readonly ServedPage[] = CONSOLE_PAGES.filter(
  (section) => section.path !== 'tenant',
);

export const ROUTES = {
  root: { path: '/', audience: 'public', redirects: true },
  register: { path: '/register', audience: 'public' },
  tenantLogin: { path: '/login', audience: 'public' },
  staffLogin: { path: '/auth/login', audience: 'public' },
  forgotPassword: { path: '/forgot-password', audience: 'public' },
  validateDevice: { path: '/validate/:uid/:vid', audience: 'public' },
  console: { path: '/console', audience: 'console', redirects: true },
  consoleTenant: { path: '/console/tenant', audience: 'console' },
  consoleSection: { path: '/console/*', audience: 'console', serves: CONSOLE_SECTION_PAGES },
  confirm: { path: '/:subdomain/confirm', audience: 'public' },
  queueDisplay: {
    path: '/:branchCode/queue-display',
    audience: 'staff',
    permission: 'queueDisplay:read',
  },
  branchHome: { path: '/:branchCode', audience: 'staff', redirects: true },
  queue: {
    path: '/:branchCode/queue',
    audience: 'staff',
    permission: 'queue:read',
    dialogs: [
      'queue.toolbar.add',
      'queue.toolbar.searchByPatient',
      'queue.toolbar.columns',
      'queue.action.printQueueLabel',
    ],
    primaryActions: true,
  },
  queueUnknown: { path: '/:branchCode/queue/*', audience: 'staff' },
  profile: { path: '/:branchCode/user/profile', audience: 'staff' },
  branchSection: { path: '/:branchCode/*', audience: 'staff', serves: SHELL_SECTIONS },
  // Signed out, an unknown address asks to sign in first; signed in it is the 404 page.
  notFound: { path: '*', audience: 'staff' },
} as const satisfies Record<string, ScreenRoute>;

export type RouteId = keyof typeof ROUTES;

/** A route's path relative to its parent layout route's, as the router nests it. */
export function childPath(parent: ScreenRoute, child: ScreenRoute): string {
  const prefix = `${parent.path}/`;
  if (!child.path.startsWith(prefix)) throw new Error(`${child.path} is not under ${parent.path}`);
  return child.path.slice(prefix.length);
}
