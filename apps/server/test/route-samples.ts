import { nricFor } from '@clinic/domain';
import { z } from 'zod';
import type { ApiRoute } from '../src/platform/access.ts';

/** JSON Schema as zod 4 writes it, the parts the sample builder reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
}

export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Values a caller would plausibly send, by field name; ids come from the caller's book. */
export type IdBook = Partial<Record<string, string>>;

const NAMED_VALUES: Record<string, unknown> = {
  name: 'Sample Person',
  title: 'Mr',
  idType: 'NRIC',
  nric: nricFor('S', '2345678'),
  gender: 'M',
  contactNo: '91234567',
  telCode: '+65',
  birthDate: '1980-05-17',
  birthTime: null,
  nationality: 'SG',
  email: null,
  father: null,
  mother: null,
  cardNoPrefix: null,
  cardNo: 'SAMPLE-1',
  visitPurposes: ['Consultation'],
  visitPurpose: ['Consultation'],
  status: 'Pending',
  color: null,
  roomService: 'Treatment Room',
  roomName: 'Room 1',
  remark: 'sample remark',
  voidedReason: 'sample reason',
  keyword: 'Sample',
  filter: 'patient_name',
  code: 'SAMPLE',
  list: 'visitPurpose',
  settingList: 'indication',
  category: 'Other',
  version: 1,
  isBackdate: false,
  activeCode: '12345678',
  currentPassword: 'Not-the-password-1',
  newPassword: 'Another-password-2',
  username: 'nobody@example.com',
  password: 'Wrong-password-1',
  subdomain: 'nobody-here',
  mcNo: null,
  issuedDate: '2026-11-25',
  fromDate: '2026-11-25',
  toDate: '2026-11-26',
  fromTime: null,
  toTime: null,
  typeId: 1,
  // Visit facts and physical readings: values within their ranges (height fits both the
  // facts' metres and a reading's centimetres).
  height: 1.7,
  weight: 70,
  waist: 80,
  systolic: 120,
  diastolic: 80,
  pulse: 72,
  glucose: 5.5,
  temperature: 36.8,
  smokingAssessmentDate: null,
  // Diagnoses and allergies: a starter-list concept, an allergen of the list.
  model: { id: '38341003', name: 'Hypertension', remark: null },
  allergyType: 'Drug',
  allergyDrugID: 'drug-penicillin',
  allergyReaction: 'Y',
  allergyRemark: 'Rash',
  onsetDate: '2020-01-01',
  hciCode: null,
  // Catalog items and prescription settings: codes of the seeded lists, nothing to link.
  strengthUnit: 'mg',
  dispensingUnit: 'tab',
  defaultDoseUnit: 'tab',
  defaultConsumeMethod: 'TAKE',
  defaultFrequency: 'TDS',
  whitelistDrugId: null,
  components: [],
  upcCodes: [],
  dosesPerCycle: null,
  cycleDays: null,
  // Vaccine plans: one dose, given the day the plan starts.
  doses: [{ name: 'Dose 1', intervalValue: null, intervalUnit: null, ageMonths: null }],
  // Prescription lines: customise mode, 1 tablet three times a day for 5 days; a reason,
  // so a line the sweeps add twice (a duplicate) is still taken.
  startDate: '2026-11-25',
  prescriptMode: 1,
  doseNum: null,
  consumeQuantity: 1,
  consumeUm: null,
  consumeMethod: null,
  frequency: 'TDS',
  duration: 5,
  cycle: 'day',
  dispenseQuantity: null,
  precaution: null,
  indication: null,
  overrideReason: 'Sweep: prescribed again on purpose',
  // Count sheets: every stocked item of the branch; a count.
  itemIds: [],
  counted: 1,
  // Purchase orders and goods received: the clinic's today, a delivery date.
  orderDate: null,
  receivedDate: '2026-11-25',
  // Invoices and payments: a draft's terms left as they are; a cash payment of $1.
  lineEdits: [],
  invoiceDiscount: null,
  billTo: null,
  dueDate: null,
  taxOptionCode: 'TAX',
  tenders: [{ method: 'cash', amountCents: 100 }],
  // Subsidies: a seeded tier and a card valid from a past date.
  tierCode: 'CHAS-BLUE',
  validFrom: '2026-01-01',
  validTo: null,
  // Service lines (none added or removed), a company's terms, a tax option's rates.
  addLines: [],
  removeLineIds: [],
  creditTermsDays: 30,
  effectiveFrom: '2026-11-25',
  addRates: [],
  // Deposits and credit notes: cash; a credit note of an invoice (its id from the book),
  // given back in no method, no goods listed.
  method: 'cash',
  refundMethod: null,
  depositId: null,
  returnedLines: [],
};

/** A named value in the shape the schema asks for (a list where a list is wanted). */
function fitted(value: unknown, schema: JsonSchema): unknown {
  const shape = schema.anyOf || schema.oneOf ? pickAlternative(schema) : schema;
  const types = [shape.type ?? []].flat();
  if (types.includes('array') && !Array.isArray(value)) return [value];
  return value;
}

function pickAlternative(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf ?? [];
  return options.find((option) => option.type !== 'null') ?? options[0] ?? {};
}

/** A value for a schema: by field name first, then by the schema's own shape. */
export function sampleValue(schema: JsonSchema, field: string, ids: IdBook, now: number): unknown {
  if (ids[field] !== undefined) return fitted(ids[field], schema);
  if (field in NAMED_VALUES) return fitted(NAMED_VALUES[field], schema);
  if (field === 'visitDate' || field === 'visitTime' || field === 'from') return now;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) return sampleValue(pickAlternative(schema), field, ids, now);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return sampleObject(schema, ids, now);
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleValue(schema.items ?? {}, field, ids, now),
      );
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'x'.repeat(Math.max(schema.minLength ?? 5, 1));
    case 'null':
    case undefined:
    default:
      return 'sample';
  }
}

export function sampleObject(
  schema: JsonSchema,
  ids: IdBook,
  now: number,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, property]) => [
      key,
      sampleValue(property, key, ids, now),
    ]),
  );
}

/** Values of path parameters that are not ids (a query's field of that name may differ). */
const PATH_VALUES: Record<string, string> = {
  // Printer footers: the invoices' footer.
  kind: 'Invoice',
};

/** The path with its parameters filled from the book (`:id` takes `ids.id`). */
export function fillPath(route: ApiRoute, ids: IdBook): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(ids[name] ?? PATH_VALUES[name] ?? textOf(NAMED_VALUES[name] ?? name)),
  );
}

/** A value as query-string text: lists and objects as JSON, the rest as they print. */
function textOf(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

export function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    params.set(key, textOf(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface SampleRequest {
  method: string;
  url: string;
  body: unknown;
}

/** A request a caller would plausibly make to the route, with the book's ids in it. */
/**
 * Filters a route's sample leaves unset, by path prefix: the billing searches find the
 * patient's bills (and credit notes) of any day, status, number, method and type (the sample period and statuses
 * are other routes').
 */
const UNSET_FILTERS: Record<string, readonly string[]> = {
  '/api/v1/search/': [
    'fromDate',
    'toDate',
    'status',
    'invoiceNo',
    'paymentNo',
    'method',
    'creditNoteNo',
    'type',
  ],
};

export function sampleRequest(route: ApiRoute, ids: IdBook, now: number): SampleRequest {
  const query = jsonSchemaOf(route.schemas.querystring);
  const body = jsonSchemaOf(route.schemas.body);
  const querySample = query ? sampleObject(query, ids, now) : {};
  for (const [prefix, fields] of Object.entries(UNSET_FILTERS)) {
    if (route.url.startsWith(prefix)) for (const field of fields) delete querySample[field];
  }
  // `t` and `_` are cache-busters, except where a route names its list with `t`.
  if (query?.properties?.t?.const === undefined) delete querySample.t;
  delete querySample._;
  return {
    method: route.method,
    url: `${fillPath(route, ids)}${queryString(querySample)}`,
    body: body ? sampleValue(body, 'body', ids, now) : undefined,
  };
}
