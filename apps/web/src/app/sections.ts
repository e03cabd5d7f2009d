import type { Permission } from '@clinic/domain';
import type { TextKey } from '../i18n/index.ts';

/**
 * A page of the branch shell: its path under /{branchCode}, module and title key, and the
 * permission that reads it (shown only to a role that has it; none: every role). No icons
 * here: the sign-in pages use this table to choose where a user lands.
 */
export interface BranchPage {
  path: string;
  module: string;
  title: TextKey;
  permission?: Permission;
}

/** The side navigation of doc 1 section 2.3, in order. */
export const SIDE_NAV_PAGES = [
  {
    path: 'queue',
    module: 'queue',
    title: 'nav.queue',
    permission: 'queue:read',
  },
  {
    path: 'patients',
    module: 'patient',
    title: 'nav.currentPatient',
    permission: 'patients:read',
  },
  { path: 'mco', module: 'mco', title: 'nav.mco' },
  { path: 'search', module: 'search', title: 'nav.search' },
  {
    path: 'dashboard',
    module: 'dashboard',
    title: 'nav.dashboard',
    permission: 'dashboard:read',
  },
  {
    path: 'appointment',
    module: 'appointment',
    title: 'nav.appointment',
    permission: 'appointments:read',
  },
  {
    path: 'inventory',
    module: 'inventory',
    title: 'nav.inventory',
    permission: 'inventory:read',
  },
  {
    path: 'report',
    module: 'report',
    title: 'nav.report',
    permission: 'reports:read',
  },
  { path: 'claim', module: 'claim', title: 'nav.claim' },
  { path: 'operation', module: 'operation', title: 'nav.operation' },
  { path: 'hsg', module: 'hsg', title: 'nav.hsg' },
  { path: 'deliver', module: 'deliver', title: 'nav.deliver' },
  { path: 'lab', module: 'lab', title: 'nav.lab' },
  { path: 'merge-record', module: 'mergeRecord', title: 'nav.mergeRecord' },
  {
    path: 'setting',
    module: 'setting',
    title: 'nav.setting',
    permission: 'settings:read',
  },
] as const satisfies readonly BranchPage[];

/** Shell sections reached from menus and links rather than the side navigation. */
export const OTHER_PAGES = [
  {
    path: 'queue-display',
    module: 'queue',
    title: 'nav.queueDisplay',
    permission: 'queueDisplay:read',
  },
  { path: 'invoice', module: 'invoice', title: 'nav.invoice' },
  { path: 'payments', module: 'payment', title: 'nav.payment' },
  { path: 'user', module: 'user', title: 'nav.user' },
  { path: 'importer', module: 'setting', title: 'nav.importer' },
] as const satisfies readonly BranchPage[];

/**
 * The console's sections (doc 3 section 2.2) served by its wildcard route, with the tenant
 * module that gates each, as plain data for the route table; the console's navigation
 * (`CONSOLE_SECTIONS` in ConsoleLayout.tsx) adds their titles.
 */
export const CONSOLE_PAGES = [
  { path: 'tenant', module: null },
  { path: 'branches', module: 'branches' },
  { path: 'user-management', module: 'user' },
  { path: 'user-role', module: 'role' },
  { path: 'catalogs/medications', module: null },
  { path: 'insurance/plans', module: 'insurance' },
  { path: 'member', module: 'member' },
  { path: 'settings', module: 'settings' },
  { path: 'auditTrial', module: 'auditTrial' },
  { path: 'lab/items', module: 'lab' },
] as const satisfies ReadonlyArray<{ path: string; module: string | null }>;
