import {
  IconBuildingHospital,
  IconCalendar,
  IconChartBar,
  IconClipboardList,
  IconFileInvoice,
  IconFlask,
  IconGitMerge,
  IconHeartbeat,
  IconListNumbers,
  IconPackage,
  IconReportMedical,
  IconSearch,
  IconSettings,
  IconStethoscope,
  IconTruckDelivery,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import type { Permission } from '@clinic/domain';
import { OTHER_PAGES, SIDE_NAV_PAGES, type BranchPage } from '../../app/sections.ts';
import type { shellTexts } from '../../i18n/shell.ts';

/** A section of the branch shell (see `BranchPage`) with its icon. */
export interface Section extends BranchPage {
  icon: Icon;
}

/** Whether a link needing `permission` (or none) is shown to a role with `permissions`. */
export function mayOpen(
  permissions: readonly Permission[],
  link: { permission?: Permission },
): boolean {
  return link.permission === undefined || permissions.includes(link.permission);
}

const SIDE_NAV_ICONS: Record<(typeof SIDE_NAV_PAGES)[number]['path'], Icon> = {
  queue: IconListNumbers,
  patients: IconUser,
  mco: IconBuildingHospital,
  search: IconSearch,
  dashboard: IconChartBar,
  appointment: IconCalendar,
  inventory: IconPackage,
  report: IconReportMedical,
  claim: IconFileInvoice,
  operation: IconStethoscope,
  hsg: IconHeartbeat,
  deliver: IconTruckDelivery,
  lab: IconFlask,
  'merge-record': IconGitMerge,
  setting: IconSettings,
};

/** The side navigation of doc 1 section 2.3, in order. */
export const SIDE_NAV: readonly Section[] = SIDE_NAV_PAGES.map((page) => ({
  ...page,
  icon: SIDE_NAV_ICONS[page.path],
}));

const OTHER_ICONS: Record<(typeof OTHER_PAGES)[number]['path'], Icon> = {
  'queue-display': IconListNumbers,
  invoice: IconFileInvoice,
  payments: IconFileInvoice,
  user: IconUser,
  importer: IconClipboardList,
};

/** Sections reached from menus and links rather than the side navigation. */
export const OTHER_SECTIONS: readonly Section[] = OTHER_PAGES.map((page) => ({
  ...page,
  icon: OTHER_ICONS[page.path],
}));

export function sectionOf(path: string): Section | undefined {
  const first = path.split('/')[0] ?? '';
  return [...SIDE_NAV, ...OTHER_SECTIONS].find((section) => section.path === first);
}

export interface SiteMapLink {
  /** Its text under `siteMap`. */
  name: keyof typeof shellTexts.siteMap;
  path: string;
  newTab?: boolean;
  /** Shown only to a role with it (none: every role). */
  permission?: Permission;
}

const SETTINGS_READ: Permission = 'settings:read';
const INVENTORY_READ: Permission = 'inventory:read';

/** The site map menu's four sections and their named routes (doc 1 section 2.4). */
export const SITE_MAP: ReadonlyArray<{ title: string; links: SiteMapLink[] }> = [
  {
    title: 'SETTING',
    links: [
      {
        name: 'setting.catalogs.medications',
        path: 'setting/catalogs/medications',
        permission: SETTINGS_READ,
      },
      {
        name: 'setting.catalogs.services',
        path: 'setting/catalogs/services',
        permission: SETTINGS_READ,
      },
      { name: 'setting.clinical', path: 'setting/clinical/dictionary', permission: SETTINGS_READ },
      {
        name: 'setting.registration',
        path: 'setting/registration/countries',
        permission: SETTINGS_READ,
      },
      {
        name: 'setting.catalogs.vaccinations',
        path: 'setting/catalogs/vaccinations',
        permission: SETTINGS_READ,
      },
      {
        name: 'setting.catalogs.vaccinationPlans',
        path: 'setting/catalogs/vaccine-plans',
        permission: SETTINGS_READ,
      },
      {
        name: 'setting.medication.comboItem',
        path: 'setting/medication/combo-item',
        permission: SETTINGS_READ,
      },
      { name: 'setting.inventory', path: 'setting/inventory/frequency', permission: SETTINGS_READ },
      { name: 'setting.printer', path: 'setting/printer', permission: SETTINGS_READ },
      // Not in doc 1 section 2.4's list: the sales settings pages of section 2.5 (issue 13).
      { name: 'setting.sales.tax', path: 'setting/sales/tax', permission: 'billingSettings:read' },
      {
        name: 'setting.sales.paymentMethod',
        path: 'setting/sales/payment-method',
        permission: 'billingSettings:read',
      },
      {
        name: 'setting.sales.subsidies',
        path: 'setting/sales/subsidies',
        permission: 'invoices:read',
      },
    ],
  },
  {
    title: 'QUEUE',
    links: [
      { name: 'queue', path: 'queue', permission: 'queue:read' },
      {
        name: 'queue-display',
        path: 'queue-display',
        newTab: true,
        permission: 'queueDisplay:read',
      },
    ],
  },
  {
    title: 'INVENTORY',
    links: [
      { name: 'inventory.items', path: 'inventory/items', permission: INVENTORY_READ },
      { name: 'inventory.suppliers', path: 'inventory/suppliers', permission: INVENTORY_READ },
      { name: 'inventory.purchases', path: 'inventory/purchases', permission: INVENTORY_READ },
      { name: 'inventory.stockTally', path: 'inventory/stockTally', permission: INVENTORY_READ },
      { name: 'inventory.itemLog', path: 'inventory/itemLogs', permission: INVENTORY_READ },
      { name: 'inventory.adjustment', path: 'inventory/adjustment', permission: INVENTORY_READ },
      { name: 'inventory.batch', path: 'inventory/batch', permission: INVENTORY_READ },
    ],
  },
  {
    title: 'OTHERS',
    links: [
      { name: 'search', path: 'search' },
      { name: 'dashboard', path: 'dashboard', permission: 'dashboard:read' },
      { name: 'appointment', path: 'appointment', permission: 'appointments:read' },
      { name: 'report', path: 'report', permission: 'reports:read' },
    ],
  },
];
