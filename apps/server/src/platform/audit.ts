import { isPermission, type Permission, type Resource } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../db/schema.ts';
import type { TenantTx } from '../db/tenant-db.ts';

/**
 * The audit trail by declaration: a route that reads or changes a patient's record says so
 * in its config (`audit`), and the platform writes the row in the transaction of that read
 * or change (see `tenantRunner`), so a change that fails or a refused request leaves none.
 */

export type AuditAction = 'read' | 'create' | 'update' | 'delete';

/** A field of the request's path, query or body, or of what the route's transaction answered. */
export interface RequestValue {
  from: 'params' | 'query' | 'body' | 'answer';
  field: string;
}

/** The records an audit row may name; each belongs to one patient. */
export type AuditedRecord =
  | 'patient'
  | 'visit'
  | 'queue'
  | 'document'
  | 'invoice'
  | 'payment'
  | 'deposit'
  | 'depositApplication'
  | 'creditNote';

export interface AuditRule {
  action: AuditAction;
  /** The kind of record read or changed; the row's patient is that record's. */
  entity: AuditedRecord;
  /** The record's id. */
  id: RequestValue;
  /** Kept with the row: fixed text, or values of the request. */
  detail?: Record<string, string | RequestValue>;
}

/**
 * A search's audit declaration: one `read` row on each patient its answer names (the
 * `patientId` of each item of the answer's list `patientsIn`), written by one statement.
 * A search that finds nothing names no patient and writes no row.
 */
export interface AuditSearchRule {
  action: 'read';
  entity: 'patient';
  patientsIn: RequestValue & { from: 'answer' };
  detail?: Record<string, string | RequestValue>;
}

/** A route's audit declaration: the row it writes, the rows of a search, or why it writes none. */
export type RouteAudit = AuditRule | AuditSearchRule | { none: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
}

/**
 * Which resources are one patient's record: a route whose permission is on one of them
 * must declare `audit` (checked when it registers). The queue's resource is not: its
 * option lists and rooms hold no patient; the audit sweep finds its routes by the tables
 * they read (`PATIENT_TABLES`).
 */
export const PATIENT_RECORD_RESOURCES = {
  queue: false,
  queueDisplay: false,
  displayLinks: false,
  patients: true,
  visits: true,
  vitals: true,
  diagnoses: true,
  allergies: true,
  medicalCertificates: true,
  documents: true,
  prescriptions: true,
  referrals: true,
  dispensing: true,
  inventory: false,
  appointments: true,
  invoices: true,
  payments: true,
  dashboard: false,
  reports: false,
  settings: false,
  catalogs: false,
  billingSettings: false,
  branches: false,
  users: false,
  roles: false,
  auditTrail: true,
} as const satisfies Record<Resource, boolean>;

/**
 * Which tables hold a patient's data: a route whose requests touch one must declare
 * `audit` (the audit sweep watches every route's queries). A new table is a type error
 * here until it is decided.
 */
export const PATIENT_TABLES = {
  tenants: false,
  tenantModules: false,
  branches: false,
  users: false,
  userBranches: false,
  roles: false,
  sessions: false,
  deviceAuthorizations: false,
  knownDevices: false,
  mailOutbox: false,
  throttleEvents: false,
  referenceOptions: false,
  cardNumberCounters: false,
  companies: false,
  patients: true,
  patientNameWords: true,
  usernames: false,
  visits: true,
  queueCounters: false,
  queueEntries: true,
  diagnoses: true,
  prescriptions: true,
  visitFacts: true,
  physicalReadings: true,
  consultNotes: true,
  auditEvents: true,
  doctorRooms: false,
  displayLinks: false,
  allergies: true,
  snomedDescriptions: false,
  snomedWords: false,
  medicalCertificates: true,
  mcCounters: false,
  documents: true,
  documentCategories: false,
  catalogItems: false,
  catalogComboComponents: false,
  catalogBranchItems: false,
  catalogNameGrams: false,
  catalogUpcCodes: false,
  whitelistDrugs: false,
  vaccinePlans: false,
  vaccinePlanDoses: false,
  prescriptionSettings: false,
  suppliers: false,
  inventoryBranchItems: false,
  stockBatches: false,
  stockMovements: false,
  dispenseRecords: true,
  dispensedPrescriptions: true,
  dispensedPrescriptionBatches: true,
  stockTallies: false,
  stockTallyLines: false,
  requisitions: false,
  requisitionLines: false,
  purchaseCounters: false,
  purchaseOrders: false,
  purchaseOrderLines: false,
  goodsReceived: false,
  goodsReceivedLines: false,
  taxOptions: false,
  taxOptionRates: false,
  paymentMethods: false,
  billingCounters: false,
  invoices: true,
  invoiceLines: true,
  payments: true,
  paymentTenders: true,
  subsidyTiers: false,
  patientSchemes: true,
  printerFooters: false,
  creditCounters: false,
  deposits: true,
  depositApplications: true,
  creditNotes: true,
  creditNoteLines: true,
  referralsOut: true,
  referralSubmissions: true,
  referralInstitutions: false,
  referralSpecialties: false,
  referralInstitutionSpecialties: false,
} as const satisfies Record<keyof DB, boolean>;

/** Database functions that read patients' rows for one-statement reads. */
export const PATIENT_FUNCTIONS = ['search_patients', 'search_patient_names', 'queue_day_rows'];

function resourceOf(permission: Permission): Resource {
  return permission.slice(0, permission.indexOf(':')) as Resource;
}

/** Registering a route on a patient's record without an audit declaration throws. */
export function requireAuditDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || access === 'public' || !isPermission(access.permission)) return;
    if (PATIENT_RECORD_RESOURCES[resourceOf(access.permission)] && !route.config?.audit) {
      throw new Error(
        `Route ${[route.method].flat().join(',')} ${route.url} reads or writes a patient's record (${access.permission}) and declares no audit`,
      );
    }
  });
}

function valueOf(request: FastifyRequest, answer: unknown, source: RequestValue): unknown {
  const values: unknown = source.from === 'answer' ? answer : request[source.from];
  if (typeof values !== 'object' || values === null || !(source.field in values)) return undefined;
  return (values as Record<string, unknown>)[source.field];
}

function idOf(request: FastifyRequest, answer: unknown, rule: AuditRule): string {
  const id = valueOf(request, answer, rule.id);
  if (typeof id !== 'string') {
    throw new Error(
      `Audit of ${request.routeOptions.url}: ${JSON.stringify(rule.id)} is no id (${String(id)})`,
    );
  }
  return id;
}

/** The patient of a record, as a query of one row (none when the clinic has no such record). */
function recordPatient(tx: TenantTx, entity: AuditedRecord, id: string) {
  switch (entity) {
    case 'patient':
      return tx.db
        .selectFrom('patients')
        .select('id as patientId')
        .where('id', '=', id)
        .as('record');
    case 'visit':
      return tx.db.selectFrom('visits').select('patientId').where('id', '=', id).as('record');
    case 'queue':
      return tx.db.selectFrom('queueEntries').select('patientId').where('id', '=', id).as('record');
    case 'document':
      return tx.db.selectFrom('documents').select('patientId').where('id', '=', id).as('record');
    case 'invoice':
      return tx.db.selectFrom('invoices').select('patientId').where('id', '=', id).as('record');
    case 'payment':
      return tx.db
        .selectFrom('payments')
        .innerJoin('invoices', (join) =>
          join
            .onRef('invoices.tenantId', '=', 'payments.tenantId')
            .onRef('invoices.id', '=', 'payments.invoiceId'),
        )
        .select('invoices.patientId')
        .where('payments.id', '=', id)
        .as('record');
    case 'deposit':
      return tx.db.selectFrom('deposits').select('patientId').where('id', '=', id).as('record');
    case 'depositApplication':
      return tx.db
        .selectFrom('depositApplications')
        .innerJoin('deposits', (join) =>
          join
            .onRef('deposits.tenantId', '=', 'depositApplications.tenantId')
            .onRef('deposits.id', '=', 'depositApplications.depositId'),
        )
        .select('deposits.patientId')
        .where('depositApplications.id', '=', id)
        .as('record');
    case 'creditNote':
      return tx.db.selectFrom('creditNotes').select('patientId').where('id', '=', id).as('record');
  }
}

function detailOf(
  request: FastifyRequest,
  answer: unknown,
  rule: AuditRule | AuditSearchRule,
): string | null {
  if (!rule.detail) return null;
  const detail = Object.fromEntries(
    Object.entries(rule.detail).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : valueOf(request, answer, value),
    ]),
  );
  return JSON.stringify(detail);
}

/** Requests whose audit row is committed: one row per request, whatever it runs. */
const audited = new WeakSet<FastifyRequest>();

/**
 * Writes the row the request's route declares, in `tx`, after the route's work answered
 * `answer` in it. A record that is not the clinic's (an empty answer) names no patient: no row.
 */
export async function writeDeclaredAudit(
  tx: TenantTx,
  request: FastifyRequest,
  userId: string,
  answer: unknown,
): Promise<void> {
  const rule = request.routeOptions.config.audit;
  if (!rule || 'none' in rule || audited.has(request)) return;
  if ('patientsIn' in rule) {
    await writeSearchAudit(tx, request, userId, answer, rule);
    return;
  }
  const entityId = idOf(request, answer, rule);
  const detail = detailOf(request, answer, rule);
  // One statement: the row takes its patient from the record, and is not written when the
  // clinic has no such record.
  const { numInsertedOrUpdatedRows } = await tx.db
    .insertInto('auditEvents')
    .columns([
      'tenantId',
      'userId',
      'branchId',
      'action',
      'entity',
      'entityId',
      'detail',
      'patientId',
    ])
    .expression(
      tx.db
        .selectFrom(recordPatient(tx, rule.entity, entityId))
        .select((eb) => [
          eb.cast<string>(eb.val(tx.tenantId), 'uuid').as('tenantId'),
          eb.cast<string>(eb.val(userId), 'uuid').as('userId'),
          eb.cast<string | null>(eb.val(request.branchId ?? null), 'uuid').as('branchId'),
          eb.cast<string>(eb.val(rule.action), 'text').as('action'),
          eb.cast<string>(eb.val(rule.entity), 'text').as('entity'),
          eb.cast<string>(eb.val(entityId), 'uuid').as('entityId'),
          eb.cast<unknown>(eb.val(detail), 'jsonb').as('detail'),
          'record.patientId',
        ]),
    )
    .executeTakeFirstOrThrow();
  if (numInsertedOrUpdatedRows === 0n) return;
  tx.afterCommit(() => {
    audited.add(request);
  });
}

/** The distinct patient ids of the items of a search's answer list. */
export function patientsNamed(answer: unknown, rule: AuditSearchRule): string[] {
  const field = rule.patientsIn.field;
  const list: unknown =
    typeof answer === 'object' && answer !== null && field in answer
      ? (answer as Record<string, unknown>)[field]
      : undefined;
  if (!Array.isArray(list)) return [];
  const ids = list.map((item: unknown) =>
    typeof item === 'object' && item !== null && 'patientId' in item ? item.patientId : undefined,
  );
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/** One row per patient the search's answer names, each taking its patient from `patients`. */
async function writeSearchAudit(
  tx: TenantTx,
  request: FastifyRequest,
  userId: string,
  answer: unknown,
  rule: AuditSearchRule,
): Promise<void> {
  const patientIds = patientsNamed(answer, rule);
  if (patientIds.length === 0) return;
  const detail = detailOf(request, answer, rule);
  await tx.db
    .insertInto('auditEvents')
    .columns([
      'tenantId',
      'userId',
      'branchId',
      'action',
      'entity',
      'entityId',
      'detail',
      'patientId',
    ])
    .expression(
      tx.db
        .selectFrom('patients')
        .select((eb) => [
          eb.cast<string>(eb.val(tx.tenantId), 'uuid').as('tenantId'),
          eb.cast<string>(eb.val(userId), 'uuid').as('userId'),
          eb.cast<string | null>(eb.val(request.branchId ?? null), 'uuid').as('branchId'),
          eb.cast<string>(eb.val(rule.action), 'text').as('action'),
          eb.cast<string>(eb.val(rule.entity), 'text').as('entity'),
          'patients.id',
          eb.cast<unknown>(eb.val(detail), 'jsonb').as('detail'),
          'patients.id as patientId',
        ])
        .where('patients.id', 'in', patientIds),
    )
    .execute();
  tx.afterCommit(() => {
    audited.add(request);
  });
}
