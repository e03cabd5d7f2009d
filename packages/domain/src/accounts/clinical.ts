import { z } from 'zod';
import type { Resource } from './permissions.ts';

/**
 * The clinical-reads policy (security issue 21; docs/architecture.md "Clinical reads").
 * Clinical content is what clinicians record about a patient's health. Reading it is
 * clinic-wide (a chain's patients move between branches) but only for roles whose
 * permissions include that resource's `read`, and every such read is audited. Which
 * resources are clinical is decided for each one: a new resource is a type error here
 * until it is. Visits (dates, branch, doctor) and the patient's particulars are not
 * clinical content: the front desk needs them to register and queue.
 */
export const CLINICAL_RESOURCES = {
  queue: false,
  queueDisplay: false,
  displayLinks: false,
  patients: false,
  visits: false,
  vitals: true,
  diagnoses: true,
  allergies: true,
  medicalCertificates: true,
  documents: true,
  prescriptions: true,
  referrals: true,
  dispensing: true,
  inventory: false,
  appointments: false,
  invoices: false,
  payments: false,
  dashboard: false,
  reports: false,
  settings: false,
  catalogs: false,
  billingSettings: false,
  branches: false,
  users: false,
  roles: false,
  auditTrail: false,
} as const satisfies Record<Resource, boolean>;

export type ClinicalResource = {
  [R in Resource]: (typeof CLINICAL_RESOURCES)[R] extends true ? R : never;
}[Resource];

export function isClinicalResource(resource: string): resource is ClinicalResource {
  return (CLINICAL_RESOURCES as Record<string, boolean>)[resource] === true;
}

/** Whether a permission is the read of clinical content (`diagnoses:read`). */
export function isClinicalRead(permission: string): boolean {
  const [resource, action] = permission.split(':');
  return action === 'read' && resource !== undefined && isClinicalResource(resource);
}

/**
 * The answer schemas that carry clinical content, each with the resource whose read
 * permission it needs (`clinicalRecords.add(DiagnosisRecord, { resource: 'diagnoses' })`).
 * A route whose answer holds one must declare that permission and an audit row (checked
 * when the route registers, and by a sweep over the route table).
 */
export const clinicalRecords = z.registry<{ resource: ClinicalResource }>();

type Node = z.core.$ZodType;

/** The children of a schema node an answer may hold values of. */
function childrenOf(schema: Node): Node[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, Node>);
    case 'array':
      return [def.element as Node];
    case 'union':
      return def.options as Node[];
    case 'intersection':
      return [def.left as Node, def.right as Node];
    case 'record':
      return [def.valueType as Node];
    case 'pipe':
      return [def.in as Node, def.out as Node];
    case 'lazy':
      return [(def.getter as () => Node)()];
    default:
      return 'innerType' in def ? [def.innerType as Node] : [];
  }
}

/** The clinical resources whose records an answer schema holds, anywhere in it. */
export function clinicalResourcesOf(schema: unknown): Set<ClinicalResource> {
  const found = new Set<ClinicalResource>();
  const seen = new Set<Node>();
  const visit = (node: Node) => {
    if (seen.has(node)) return;
    seen.add(node);
    const tag = clinicalRecords.get(node as z.ZodType);
    if (tag) found.add(tag.resource);
    childrenOf(node).forEach(visit);
  };
  if (schema && typeof schema === 'object' && '_zod' in schema) visit(schema as Node);
  return found;
}
