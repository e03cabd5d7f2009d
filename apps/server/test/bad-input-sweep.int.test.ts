import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';
import { withTenant } from '../src/db/tenant-db.ts';
import type { ApiRoute } from '../src/platform/access.ts';
import { expectStatus, patientBody, todayStart } from './helpers.ts';
import {
  jsonSchemaOf,
  queryString,
  sampleObject,
  sampleValue,
  type IdBook,
  type JsonSchema,
} from './route-samples.ts';

/**
 * Every route, with payloads made wrong on purpose (fast-check, fixed seed): wrong types,
 * missing required and unknown fields, huge strings, odd Unicode where a format is
 * expected, a character PostgreSQL cannot store, malformed JSON and bad ids. Each answer
 * must be a 4xx with the error envelope, never a 500, and the clinic's data must not
 * change. Built from the route table and its schemas.
 */
const { t, clinic, admin: caller, users } = setupApiTest({ users: { doctor: { type: '50' } } });
let ids: IdBook;

beforeAll(async () => {
  const doctor = users.doctor;
  const patient = await t.call('POST', '/api/v1/patients', { ...caller, body: patientBody() });
  const patientId = patient.body.data.patientId as string;
  const entry = await t.call('POST', '/api/v1/queue', {
    ...caller,
    body: { patientId, doctorId: doctor.id, visitPurposes: ['Consultation'] },
  });
  expectStatus(entry, 201);
  ids = {
    patientId,
    patientID: patientId,
    doctorId: doctor.id,
    doctorID: doctor.id,
    id: entry.body.data.id,
    exchangeId: entry.body.data.id,
    subdomain: clinic.subdomain,
    uid: clinic.session.user.id,
  };
});

/** Row counts and version sums of every tenant-owned table, as the clinic sees them. */
async function snapshot(): Promise<Record<string, string>> {
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const { rows: tables } = await sql<{ table: string; hasVersion: boolean }>`
      SELECT table_name AS table, bool_or(column_name = 'version') AS has_version
        FROM information_schema.columns
       WHERE table_schema = 'public'
       GROUP BY table_name
      HAVING bool_or(column_name = 'tenant_id')`.execute(tx.db);
    const result: Record<string, string> = {};
    for (const { table, hasVersion } of tables) {
      const version = hasVersion ? sql`coalesce(sum(version), 0)` : sql`0`;
      const { rows } = await sql<{ n: number; v: number }>`
        SELECT count(*)::int AS n, ${version}::int AS v FROM ${sql.table(table)}`.execute(tx.db);
      result[table] = `${rows[0]!.n}/${rows[0]!.v}`;
    }
    return result;
  });
}

/** The JSON types a field takes, alternatives included. */
const types = (schema: JsonSchema): string[] =>
  [
    ...[schema.type ?? []].flat(),
    ...(schema.anyOf ?? schema.oneOf ?? []).flatMap((option) => types(option)),
  ].filter(Boolean);

/** An id or a number travels as text in a query string; free text is any text. */
const isIdName = (name: string) => /(Id|ID|^id)$/.test(name);
const takesAnyText = (name: string, schema: JsonSchema) =>
  types(schema).includes('string') && !isIdName(name) && !schema.format;

/** Values of a type the field does not take. */
function wrongTypes(schema: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = new Set(types(schema));
  const candidates: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.string({ maxLength: 8 })],
    ['integer', fc.integer()],
    ['number', fc.double({ noNaN: true })],
    ['boolean', fc.boolean()],
    ['array', fc.array(fc.integer(), { maxLength: 3 })],
    [
      'object',
      fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
    ],
  ];
  const wrong = candidates.filter(([type]) => {
    if (allowed.has(type)) return false;
    if (type === 'integer' && allowed.has('number')) return false;
    return !(type === 'number' && allowed.has('integer') === false && allowed.has('number'));
  });
  return fc.oneof(...wrong.map(([, arbitrary]) => arbitrary));
}

/** Strings no format field takes: control characters, lone surrogates, bidi overrides. */
const oddText = fc.constantFrom(
  '\u202Eevil',
  '\uD800',
  '🩺🩺',
  'e\u0301\u0301',
  '\t\n',
  '%00',
  "' OR 1=1 --",
  '../../etc',
);
const unstorable = fc.constantFrom('a\u0000b', '\u0000');
/** Not an id (a blank value is no value: an optional id may be blank). */
const badId = fc
  .oneof(
    fc.string({ maxLength: 12 }),
    oddText,
    fc.constant('0'),
    fc.constant('00000000-0000-0000-0000-00000000000Z'),
  )
  .filter((value) => value.trim() !== '');

/** Percent-encodes a path value; a lone surrogate becomes the invalid UTF-8 it would be. */
function pathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

const sample = <T>(arbitrary: fc.Arbitrary<T>, seed: number, numRuns = 2): T[] =>
  fc.sample(arbitrary, { seed, numRuns });

interface BadRequest {
  what: string;
  url: string;
  body?: unknown;
  rawBody?: string;
}

/** Wrong variants of the route's sample request. */
function badRequests(route: ApiRoute, seed: number): BadRequest[] {
  const now = todayStart() + 3600;
  const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(ids[name] ?? 'visitPurpose'),
  );
  const query = jsonSchemaOf(route.schemas.querystring);
  const body = jsonSchemaOf(route.schemas.body);
  const params = jsonSchemaOf(route.schemas.params);
  const goodQuery = query ? sampleObject(query, ids, now) : {};
  const goodBody = body
    ? (sampleValue(body, 'body', ids, now) as Record<string, unknown>)
    : undefined;
  const url = (q: Record<string, unknown>) => `${path}${queryString(q)}`;
  const out: BadRequest[] = [];

  for (const name of Object.keys(params?.properties ?? {})) {
    for (const value of sample(badId, seed)) {
      const url = route.url
        .replace(`:${name}`, pathValue(value))
        .replace(/:(\w+)/g, (_, other: string) => pathValue(ids[other] ?? 'x'));
      out.push({ what: `bad ${name} '${value}'`, url, body: goodBody });
    }
  }
  for (const [name, schema] of Object.entries(query?.properties ?? {})) {
    if (name === 't' || name === '_') continue;
    if (!takesAnyText(name, schema)) {
      // A blank query value counts as absent (`fromQuery`), so it is no wrong value there.
      const wrong = isIdName(name)
        ? badId
        : wrongTypes(schema).filter((value) => typeof value !== 'string' || value.trim() !== '');
      for (const value of sample(wrong, seed)) {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        out.push({
          what: `query ${name}=${text}`,
          url: url({ ...goodQuery, [name]: text }),
          body: goodBody,
        });
      }
    }
    if (query?.required?.includes(name)) {
      const rest = { ...goodQuery };
      delete rest[name];
      out.push({ what: `query without ${name}`, url: url(rest), body: goodBody });
    }
  }
  if (query)
    out.push({
      what: 'unknown query parameter',
      url: url({ ...goodQuery, unknownParameter: 'x' }),
      body: goodBody,
    });

  if (body && goodBody && typeof goodBody === 'object') {
    const base = url(goodQuery);
    for (const [name, schema] of Object.entries(body.properties ?? {})) {
      for (const value of sample(wrongTypes(schema), seed)) {
        out.push({
          what: `${name} = ${JSON.stringify(value)}`,
          url: base,
          body: { ...goodBody, [name]: value },
        });
      }
      if (body.required?.includes(name)) {
        const rest = { ...goodBody };
        delete rest[name];
        out.push({ what: `without ${name}`, url: base, body: rest });
      }
      if (types(schema).includes('string') || schema.anyOf?.some((s) => s.type === 'string')) {
        const formatted =
          schema.format ||
          schema.enum ||
          [
            'nric',
            'birthDate',
            'birthTime',
            'telCode',
            'gender',
            'idType',
            'title',
            'email',
            'subdomain',
            'country',
          ].includes(name);
        if (formatted) {
          for (const value of sample(oddText, seed))
            out.push({
              what: `${name} odd text ${JSON.stringify(value)}`,
              url: base,
              body: { ...goodBody, [name]: value },
            });
        }
        for (const value of sample(unstorable, seed, 1))
          out.push({
            what: `${name} with U+0000`,
            url: base,
            body: { ...goodBody, [name]: value },
          });
        out.push({
          what: `${name} huge`,
          url: base,
          body: { ...goodBody, [name]: 'x'.repeat(200_000) },
        });
      }
    }
    out.push({ what: 'unknown field', url: base, body: { ...goodBody, unknownField: true } });
    const json = JSON.stringify(goodBody);
    out.push({
      what: 'malformed JSON',
      url: base,
      rawBody: json.slice(0, Math.max(1, json.length - 3)),
    });
    out.push({ what: 'a list instead of an object', url: base, rawBody: '[1,2,3]' });
  }
  return out;
}

describe('bad-input sweep over every route', () => {
  it('answers every wrong request with a 4xx and the error envelope, and changes nothing', async () => {
    const before = await snapshot();
    const routes = t.app.routeTable.filter(
      (route) => !route.websocket && !route.url.endsWith('/sign-out'),
    );
    const failures: string[] = [];
    let count = 0;
    for (const [index, route] of routes.entries()) {
      for (const bad of badRequests(route, 1000 + index)) {
        count += 1;
        const response = await t.call(route.method, `/api/v1${bad.url.replace(/^\/api\/v1/, '')}`, {
          token: clinic.token,
          branchId: clinic.branchId,
          body: bad.rawBody === undefined ? bad.body : undefined,
          rawBody: bad.rawBody,
        });
        const envelope = response.body?.error;
        const ok =
          response.status >= 400 &&
          response.status < 500 &&
          typeof envelope?.message === 'string' &&
          typeof envelope?.code === 'string';
        if (!ok)
          failures.push(
            `${route.method} ${route.url} [${bad.what}] answered ${response.status}: ${JSON.stringify(response.body).slice(0, 160)}`,
          );
      }
    }
    expect(count).toBeGreaterThan(300);
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});
