import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router.tsx';
import { ROUTES, type ScreenRoute } from './routes.ts';

/** The full path of every route that shows something (a leaf, or a layout's index). */
function screenPaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index
      ? parent
      : route.path?.startsWith('/')
        ? route.path
        : `${parent === '/' ? '' : parent}/${route.path ?? ''}`;
    return route.children ? screenPaths(route.children, path) : [path];
  });
}

describe('the route table', () => {
  it('lists exactly the routes the router has, so the route sweep walks every screen', () => {
    const routerPaths = screenPaths(appRoutes).map((path) => (path === '/*' ? '*' : path));
    expect(routerPaths.toSorted()).toEqual(
      Object.values(ROUTES)
        .map((route) => route.path)
        .toSorted(),
    );
  });

  it('sweeps a route showing the screen of another route there, and that one is swept', () => {
    const routes: Record<string, ScreenRoute> = ROUTES;
    for (const [id, route] of Object.entries(routes)) {
      if (!route.sweptAs) continue;
      const target = routes[route.sweptAs];
      expect(target, `${id} is swept as ${route.sweptAs}`).toBeDefined();
      expect(target?.sweptAs ?? target?.redirects, `${route.sweptAs} is swept`).toBeUndefined();
    }
  });

  it('serves each shell and console section through its wildcard route, once', () => {
    for (const route of [ROUTES.branchSection, ROUTES.consoleSection]) {
      const paths = route.serves.map((page) => page.path);
      expect(paths.length).toBeGreaterThan(3);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });
});
