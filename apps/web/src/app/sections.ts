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

/** Console sections (doc 3 section 2.2) with the tenant module that gates each. */
export const CONSOLE_SECTIONS = [
  { path: 'tenant', title: 'console.tenant', module: null },
  { path: 'branches', title: 'console.branches', module: 'branches' },
  { path: 'user-management', title: 'console.users', module: 'user' },
  { path: 'user-role', title: 'console.roles', module: 'role' },
  { path: 'catalogs/medications', title: 'console.catalogs', module: null },
  { path: 'insurance/plans', title: 'console.insurance', module: 'insurance' },
  { path: 'member', title: 'console.members', module: 'member' },
  { path: 'settings', title: 'console.settings', module: 'settings' },
  { path: 'auditTrial', title: 'console.audit', module: 'auditTrial' },
  { path: 'lab/items', title: 'console.lab', module: 'lab' },
] as const satisfies ReadonlyArray<{ path: string; title: TextKey; module: string | null }>;
