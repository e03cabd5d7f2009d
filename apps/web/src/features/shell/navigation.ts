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

/** A section of the branch shell: its path under /{branchCode}, module and title key. */
export interface Section {
  path: string;
  module: string;
  title: string;
  icon: Icon;
}

/** The side navigation of doc 1 section 2.3, in order. */
export const SIDE_NAV: readonly Section[] = [
  { path: 'queue', module: 'queue', title: 'nav.queue', icon: IconListNumbers },
  { path: 'patients', module: 'patient', title: 'nav.currentPatient', icon: IconUser },
  { path: 'mco', module: 'mco', title: 'nav.mco', icon: IconBuildingHospital },
  { path: 'search', module: 'search', title: 'nav.search', icon: IconSearch },
  { path: 'dashboard', module: 'dashboard', title: 'nav.dashboard', icon: IconChartBar },
  { path: 'appointment', module: 'appointment', title: 'nav.appointment', icon: IconCalendar },
  { path: 'inventory', module: 'inventory', title: 'nav.inventory', icon: IconPackage },
  { path: 'report', module: 'report', title: 'nav.report', icon: IconReportMedical },
  { path: 'claim', module: 'claim', title: 'nav.claim', icon: IconFileInvoice },
  { path: 'operation', module: 'operation', title: 'nav.operation', icon: IconStethoscope },
  { path: 'hsg', module: 'hsg', title: 'nav.hsg', icon: IconHeartbeat },
  { path: 'deliver', module: 'deliver', title: 'nav.deliver', icon: IconTruckDelivery },
  { path: 'lab', module: 'lab', title: 'nav.lab', icon: IconFlask },
  { path: 'merge-record', module: 'mergeRecord', title: 'nav.mergeRecord', icon: IconGitMerge },
  { path: 'setting', module: 'setting', title: 'nav.setting', icon: IconSettings },
];

/** Sections reached from menus and links rather than the side navigation. */
export const OTHER_SECTIONS: readonly Section[] = [
  { path: 'queue-display', module: 'queue', title: 'nav.queueDisplay', icon: IconListNumbers },
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
  name: string;
  path: string;
  newTab?: boolean;
}

/** The site map menu's four sections and their named routes (doc 1 section 2.4). */
export const SITE_MAP: ReadonlyArray<{ title: string; links: SiteMapLink[] }> = [
  {
    title: 'SETTING',
    links: [
      { name: 'setting.catalogs.medications', path: 'setting/catalogs/medications' },
      { name: 'setting.catalogs.services', path: 'setting/catalogs/services' },
      { name: 'setting.clinical', path: 'setting/clinical/dictionary' },
      { name: 'setting.registration', path: 'setting/registration/countries' },
      { name: 'setting.catalogs.vaccinations', path: 'setting/catalogs/vaccinations' },
      { name: 'setting.catalogs.vaccinationPlans', path: 'setting/catalogs/vaccine-plans' },
      { name: 'setting.medication.comboItem', path: 'setting/medication/combo-item' },
      { name: 'setting.inventory', path: 'setting/inventory/frequency' },
      { name: 'setting.printer', path: 'setting/printer' },
    ],
  },
  {
    title: 'QUEUE',
    links: [
      { name: 'queue', path: 'queue' },
      { name: 'queue-display', path: 'queue-display', newTab: true },
    ],
  },
  {
    title: 'INVENTORY',
    links: [
      { name: 'inventory.items', path: 'inventory/items' },
      { name: 'inventory.suppliers', path: 'inventory/suppliers' },
      { name: 'inventory.purchases', path: 'inventory/purchases' },
      { name: 'inventory.stockTally', path: 'inventory/stockTally' },
      { name: 'inventory.itemLog', path: 'inventory/itemLogs' },
      { name: 'inventory.adjustment', path: 'inventory/adjustment' },
      { name: 'inventory.batch', path: 'inventory/batch' },
    ],
  },
  {
    title: 'OTHERS',
    links: [
      { name: 'search', path: 'search' },
      { name: 'dashboard', path: 'dashboard' },
      { name: 'appointment', path: 'appointment' },
      { name: 'report', path: 'report' },
    ],
  },
];
