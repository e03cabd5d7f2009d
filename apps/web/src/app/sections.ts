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
