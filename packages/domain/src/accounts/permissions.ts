import type { ModuleName } from './modules.ts';
import { UserType } from './users.ts';

/**
 * Roles and permissions. A permission is an action on a resource (`patients:read`); each
 * resource belongs to the module that sells it, so a route's permission and its module
 * guard agree. A role is a named set of permissions; a user holds one role per branch.
 * The spec has user types but no roles: these are ours (docs/architecture.md, "Roles").
 */
export const ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'approve',
  'export',
  'print',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Every resource with its module and the actions that mean something for it. */
export const RESOURCES = {
  queue: { module: 'clinic.queue', actions: ['read', 'create', 'update', 'delete', 'print'] },
  /** The board and its set-up (doctor rooms). */
  queueDisplay: { module: 'clinic.queue', actions: ['read', 'create', 'update', 'delete'] },
  /** The long-lived links a TV opens the board with (issued and revoked by administrators). */
  displayLinks: { module: 'clinic.queue', actions: ['read', 'create', 'delete'] },
  patients: {
    module: 'clinic.patient',
    actions: ['read', 'create', 'update', 'delete', 'export', 'print'],
  },
  visits: { module: 'clinic.patient', actions: ['read', 'create', 'update', 'delete'] },
  vitals: { module: 'clinic.patient', actions: ['read', 'create', 'update', 'delete'] },
  diagnoses: { module: 'clinic.patient', actions: ['read', 'create', 'update', 'delete'] },
  allergies: { module: 'clinic.patient', actions: ['read', 'create', 'update', 'delete'] },
  medicalCertificates: {
    module: 'clinic.patient',
    actions: ['read', 'create', 'update', 'delete', 'print'],
  },
  documents: {
    module: 'clinic.patient',
    actions: ['read', 'create', 'update', 'delete', 'print'],
  },
  prescriptions: {
    module: 'clinic.patient',
    actions: ['read', 'create', 'update', 'delete', 'print'],
  },
  referrals: {
    module: 'clinic.patient',
    actions: ['read', 'create', 'update', 'delete', 'approve', 'print'],
  },
  dispensing: { module: 'clinic.inventory', actions: ['read', 'create', 'update', 'print'] },
  inventory: {
    module: 'clinic.inventory',
    actions: ['read', 'create', 'update', 'delete', 'approve', 'export', 'print'],
  },
  appointments: {
    module: 'clinic.appointment',
    actions: ['read', 'create', 'update', 'delete', 'approve'],
  },
  invoices: {
    module: 'clinic.invoice',
    actions: ['read', 'create', 'update', 'delete', 'approve', 'export', 'print'],
  },
  payments: {
    module: 'clinic.payment',
    actions: ['read', 'create', 'update', 'delete', 'approve', 'export', 'print'],
  },
  dashboard: { module: 'clinic.dashboard', actions: ['read'] },
  reports: { module: 'clinic.report', actions: ['read', 'export', 'print'] },
  settings: { module: 'clinic.setting', actions: ['read', 'create', 'update', 'delete'] },
  /** The clinic's catalog: read by whoever prescribes, dispenses or bills (clinic.setting, not a console module). */
  catalogs: {
    module: 'clinic.setting',
    actions: ['read', 'create', 'update', 'delete', 'export'],
  },
  /** Tax options and payment methods (settings sales/tax, sales/payment-method): owners and finance. */
  billingSettings: { module: 'clinic.invoice', actions: ['read', 'create', 'update'] },
  branches: { module: 'tenant.branches', actions: ['read', 'create', 'update', 'delete'] },
  users: { module: 'tenant.user', actions: ['read', 'create', 'update', 'delete'] },
  roles: { module: 'tenant.role', actions: ['read', 'create', 'update', 'delete'] },
  auditTrail: { module: 'tenant.auditTrial', actions: ['read', 'export'] },
} as const satisfies Record<string, { module: ModuleName; actions: readonly Action[] }>;

export type Resource = keyof typeof RESOURCES;
/** `resource:action`, only for actions the resource has. */
export type Permission = {
  [R in Resource]: `${R}:${(typeof RESOURCES)[R]['actions'][number]}`;
}[Resource];

/** Every permission there is, resource by resource. */
export const ALL_PERMISSIONS: readonly Permission[] = (
  Object.entries(RESOURCES) as Array<[Resource, { actions: readonly Action[] }]>
).flatMap(([resource, { actions }]) =>
  actions.map((action) => `${resource}:${action}` as Permission),
);

const KNOWN = new Set<string>(ALL_PERMISSIONS);
export function isPermission(value: string): value is Permission {
  return KNOWN.has(value);
}

/** The module a permission's resource belongs to. */
export function moduleOfPermission(permission: Permission): ModuleName {
  const resource = permission.slice(0, permission.indexOf(':')) as Resource;
  return RESOURCES[resource].module;
}

/** Every action of `resource` named in `actions` (or all of its actions for 'all'). */
function grant(resource: Resource, actions: readonly Action[] | 'all'): Permission[] {
  const own: readonly Action[] = RESOURCES[resource].actions;
  const wanted = actions === 'all' ? own : actions.filter((action) => own.includes(action));
  return wanted.map((action) => `${resource}:${action}` as Permission);
}

const READ: readonly Action[] = ['read'];
const WRITE: readonly Action[] = ['read', 'create', 'update', 'delete'];
const WRITE_PRINT: readonly Action[] = [...WRITE, 'print'];

/** The roles every clinic starts with (templates for its own; the console edits them). */
export const SYSTEM_ROLES = {
  Administrator: ALL_PERMISSIONS,
  /** Examines, diagnoses, prescribes, refers, writes certificates; reads the bills. */
  Doctor: [
    ...grant('queue', ['read', 'update', 'print']),
    ...grant('queueDisplay', READ),
    ...grant('patients', ['read', 'create', 'update', 'print']),
    ...grant('visits', WRITE),
    ...grant('vitals', WRITE),
    ...grant('diagnoses', WRITE),
    ...grant('allergies', WRITE),
    ...grant('medicalCertificates', WRITE_PRINT),
    ...grant('documents', WRITE_PRINT),
    ...grant('prescriptions', WRITE_PRINT),
    ...grant('referrals', 'all'),
    ...grant('dispensing', READ),
    ...grant('inventory', READ),
    ...grant('catalogs', READ),
    ...grant('appointments', WRITE),
    ...grant('invoices', READ),
    ...grant('dashboard', READ),
    ...grant('reports', READ),
  ],
  /** Records vitals and allergies, keeps the queue, reads the record; does not bill or diagnose. */
  Nurse: [
    ...grant('queue', WRITE_PRINT),
    ...grant('queueDisplay', READ),
    ...grant('patients', ['read', 'create', 'update', 'print']),
    ...grant('visits', READ),
    ...grant('vitals', WRITE),
    ...grant('allergies', WRITE),
    ...grant('diagnoses', READ),
    ...grant('medicalCertificates', ['read', 'print']),
    ...grant('documents', ['read', 'create', 'print']),
    ...grant('prescriptions', READ),
    ...grant('referrals', ['read', 'print']),
    ...grant('dispensing', ['read', 'create', 'print']),
    ...grant('inventory', READ),
    ...grant('catalogs', READ),
    ...grant('appointments', WRITE),
  ],
  /** Registers, queues, books, bills and takes payment, prints; writes no clinical notes. */
  'Front desk': [
    ...grant('queue', WRITE_PRINT),
    ...grant('queueDisplay', READ),
    ...grant('patients', ['read', 'create', 'update', 'print']),
    ...grant('visits', READ),
    ...grant('medicalCertificates', ['read', 'print']),
    ...grant('documents', ['read', 'create', 'print']),
    ...grant('referrals', ['read', 'print']),
    ...grant('dispensing', ['read', 'create', 'print']),
    ...grant('catalogs', READ),
    ...grant('appointments', 'all'),
    ...grant('invoices', ['read', 'create', 'update', 'print']),
    ...grant('payments', ['read', 'create', 'print']),
  ],
  /** Dispenses against prescriptions and keeps stock and the medicine catalog. */
  Pharmacist: [
    ...grant('queue', READ),
    ...grant('patients', ['read', 'print']),
    ...grant('allergies', READ),
    ...grant('prescriptions', ['read', 'print']),
    ...grant('dispensing', 'all'),
    ...grant('inventory', 'all'),
    ...grant('catalogs', ['read', 'create', 'update']),
  ],
  /** Invoices, payments, credit notes, their approval and the figures. */
  Finance: [
    ...grant('patients', READ),
    ...grant('invoices', 'all'),
    ...grant('payments', 'all'),
    ...grant('catalogs', READ),
    ...grant('dashboard', READ),
    ...grant('reports', 'all'),
    ...grant('billingSettings', 'all'),
  ],
  /** The tenant's catalog keeper (doc 1: the catalog user of the console). */
  'Tenant Catalog': [...grant('catalogs', 'all')],
} as const satisfies Record<string, readonly Permission[]>;

export type SystemRoleName = keyof typeof SYSTEM_ROLES;
export const SYSTEM_ROLE_NAMES = Object.keys(SYSTEM_ROLES) as SystemRoleName[];

/** The role a user of a type gets when nobody chose one (new users, the demo clinic). */
export function defaultRoleOf(type: UserType): SystemRoleName {
  switch (type) {
    case UserType.administrator:
      return 'Administrator';
    case UserType.doctor:
      return 'Doctor';
    case UserType.nurse:
      return 'Nurse';
    case UserType.frontDesk:
      return 'Front desk';
    case UserType.tenantCatalog:
      return 'Tenant Catalog';
  }
}

/**
 * What a queue display link (a TV's board, no user) may do: read the board and the queue
 * lists it filters by. Never more, whatever the role of the administrator who issued it.
 */
export const DISPLAY_LINK_PERMISSIONS: readonly Permission[] = ['queue:read', 'queueDisplay:read'];

/** Whether a set of permissions (a session's, for its branch) allows `permission`. */
export function allows(permissions: readonly string[], permission: Permission): boolean {
  return permissions.includes(permission);
}
