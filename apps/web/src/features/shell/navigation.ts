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
import type { TextKey } from '../../i18n/index.ts';
import type { shellTexts } from '../../i18n/shell.ts';

/**
 * A section of the branch shell: its path under /{branchCode}, module and title key, and
 * the permission that reads it (shown only to a role that has it; none: every role).
 */
export interface Section {
  path: string;
  module: string;
  title: TextKey;
  icon: Icon;
  permission?: Permission;
}

/** Whether a link needing `permission` (or none) is shown to a role with `permissions`. */
export function mayOpen(
  permissions: readonly Permission[],
  link: { permission?: Permission },
): boolean {
  return link.permission === undefined || permissions.includes(link.permission);
}

/** The side navigation of doc 1 section 2.3, in order. */
export const SIDE_NAV: readonly Section[] = [
  {
    path: 'queue',
    module: 'queue',
    title: 'nav.queue',
    icon: IconListNumbers,
    permission: 'queue:read',
  },
  {
    path: 'patients',
    module: 'patient',
    title: 'nav.currentPatient',
    icon: IconUser,
    permission: 'patients:read',
  },
  { path: 'mco', module: 'mco', title: 'nav.mco', icon: IconBuildingHospital },
  { path: 'search', module: 'search', title: 'nav.search', icon: IconSearch },
  {
    path: 'dashboard',
    module: 'dashboard',
    title: 'nav.dashboard',
    icon: IconChartBar,
    permission: 'dashboard:read',
  },
  {
    path: 'appointment',
    module: 'appointment',
    title: 'nav.appointment',
    icon: IconCalendar,
    permission: 'appointments:read',
  },
  {
    path: 'inventory',
    module: 'inventory',
    title: 'nav.inventory',
    icon: IconPackage,
    permission: 'inventory:read',
  },
  {
    path: 'report',
    module: 'report',
    title: 'nav.report',
    icon: IconReportMedical,
    permission: 'reports:read',
  },
  { path: 'claim', module: 'claim', title: 'nav.claim', icon: IconFileInvoice },
  { path: 'operation', module: 'operation', title: 'nav.operation', icon: IconStethoscope },
  { path: 'hsg', module: 'hsg', title: 'nav.hsg', icon: IconHeartbeat },
  { path: 'deliver', module: 'deliver', title: 'nav.deliver', icon: IconTruckDelivery },
  { path: 'lab', module: 'lab', title: 'nav.lab', icon: IconFlask },
  { path: 'merge-record', module: 'mergeRecord', title: 'nav.mergeRecord', icon: IconGitMerge },
  {
    path: 'setting',
    module: 'setting',
    title: 'nav.setting',
    icon: IconSettings,
    permission: 'settings:read',
  },
];

/** Sections reached from menus and links rather than the side navigation. */
export const OTHER_SECTIONS: readonly Section[] = [
  {
    path: 'queue-display',
    module: 'queue',
    title: 'nav.queueDisplay',
    icon: IconListNumbers,
    permission: 'queueDisplay:read',
  },
  { path: 'invoice', module: 'invoice', title: 'nav.invoice', icon: IconFileInvoice },
  { path: 'payments', module: 'payment', title: 'nav.payment', icon: IconFileInvoice },
  { path: 'user', module: 'user', title: 'nav.user', icon: IconUser },
  { path: 'importer', module: 'setting', title: 'nav.importer', icon: IconClipboardList },
];

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
