import type { Permission } from '@clinic/domain';
import { ROUTES, type Audience, type ScreenRoute } from '../../apps/web/src/app/routes.ts';
import { billingTexts } from '../../apps/web/src/i18n/billing/texts.ts';
import { billingSettingsTexts } from '../../apps/web/src/i18n/billing-settings/texts.ts';
import { companyTexts } from '../../apps/web/src/i18n/companies/texts.ts';
import { creditTexts } from '../../apps/web/src/i18n/credit-notes/texts.ts';
import { catalogTexts } from '../../apps/web/src/i18n/catalogs/texts.ts';
import { dispensingTexts } from '../../apps/web/src/i18n/dispensing.ts';
import { inventoryTexts } from '../../apps/web/src/i18n/inventory/texts.ts';
import { en } from '../../apps/web/src/i18n/en.ts';
import { inventoryCountsTexts } from '../../apps/web/src/i18n/inventory-counts/texts.ts';
import { referralTexts } from '../../apps/web/src/i18n/referrals/texts.ts';

/** The texts the route table's dialog keys may name: the app's, and the lazily loaded ones. */
const TEXTS = {
  ...en,
  ...catalogTexts,
  ...dispensingTexts,
  ...inventoryTexts,
  ...inventoryCountsTexts,
  ...billingTexts,
  ...companyTexts,
  ...creditTexts,
  ...billingSettingsTexts,
  ...referralTexts,
};

/**
 * The screens the route sweep opens: every route of the web app's route table (the one
 * the router takes its paths from), a wildcard route once per page it serves (once in
 * all when they are one placeholder screen), with its parameters filled from the demo clinic and the sweep's setup.
 */
export interface SweepScreen {
  /** A file-name-safe name: the route's id, and the served page for a wildcard. */
  name: string;
  /** The address pattern with its wildcard filled ('/:branchCode/inventory'). */
  pattern: string;
  audience: Audience;
  permission?: Permission;
  /** The buttons that open its dialogs: text key, and English text as a pattern. */
  dialogs: Array<{ key: string; button: RegExp }>;
  primaryActions: boolean;
  /** The shell's own menus (header, navigation) are opened on one screen per layout. */
  frameMenus: boolean;
}

/** An address that no route serves, for the 404 pages. */
const UNKNOWN = 'no-such-page';

/** Where the shell's and the console's header and navigation menus are opened. */
const FRAME_SCREENS = new Set(['queue', 'consoleTenant']);

export function sweepScreens(): SweepScreen[] {
  return Object.entries(ROUTES as Record<string, ScreenRoute>).flatMap(([id, route]) => {
    // A redirect has no screen of its own; a route showing another's screen is swept there.
    if (route.redirects || route.sweptAs) return [];
    const base = {
      audience: route.audience,
      permission: route.permission,
      dialogs: (route.dialogs ?? []).map((key) => ({ key, button: buttonPattern(key) })),
      primaryActions: route.primaryActions === true,
      frameMenus: FRAME_SCREENS.has(id),
    };
    if (!route.path.endsWith('*')) return [{ ...base, name: id, pattern: route.path }];
    if (!route.serves) {
      const unknown = route.path === '*' ? `/${UNKNOWN}` : route.path.replace('*', UNKNOWN);
      return [{ ...base, name: id, pattern: unknown }];
    }
    const served = route.servesPlaceholders ? route.serves.slice(0, 1) : route.serves;
    return served.map((page) => ({
      ...base,
      name: `${id}-${page.path.replaceAll('/', '-')}`,
      pattern: route.path.replace('*', page.path),
      permission: page.permission ?? route.permission,
    }));
  });
}

/** A button's English text by its key; a '{{…}}' placeholder matches anything. */
function buttonPattern(key: string): RegExp {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], TEXTS);
  if (typeof text !== 'string') throw new Error(`The route table names no text at ${key}`);
  const source = text
    .split(/\{\{\w+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${source}$`);
}

/** Fills a pattern's parameters; an unknown parameter fails with what to add. */
export function addressOf(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined)
      throw new Error(
        `The sweep has no value for :${name} (${pattern}); add one in e2e/tests/sweep.setup.ts`,
      );
    return encodeURIComponent(value);
  });
}
