/** Modules a tenant can buy (doc 1 section 6, doc 3 section 2.2). */
export const CLINIC_MODULES = [
  'clinic.queue',
  'clinic.patient',
  'clinic.mco',
  'clinic.search',
  'clinic.dashboard',
  'clinic.appointment',
  'clinic.inventory',
  'clinic.report',
  'clinic.claim',
  'clinic.operation',
  'clinic.hsg',
  'clinic.deliver',
  'clinic.lab',
  'clinic.mergeRecord',
  'clinic.setting',
  'clinic.queuerequest',
  'clinic.user',
  'clinic.invoice',
  'clinic.payment',
  'clinic.ophthalmologist',
] as const;

export const TENANT_MODULES = [
  'tenant.branches',
  'tenant.user',
  'tenant.role',
  'tenant.insurance',
  'tenant.member',
  'tenant.settings',
  'tenant.auditTrial',
  'tenant.lab',
] as const;

export const ALL_MODULES = [...CLINIC_MODULES, ...TENANT_MODULES] as const;
export type ModuleName = (typeof ALL_MODULES)[number];

export function isModuleName(value: string): value is ModuleName {
  return (ALL_MODULES as readonly string[]).includes(value);
}
