import { DiagnosisRecord, dataOf } from '@clinic/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
import { installAccessGuard } from './access.ts';
import { requireAuditDeclarations } from './audit.ts';
import { requireClinicalPolicy } from './clinical-policy.ts';

const answer = { 200: dataOf(z.object({ items: z.array(DiagnosisRecord), total: z.int() })) };
const audited = {
  action: 'read',
  entity: 'visit',
  id: { from: 'query', field: 'visitId' },
} as const;

/** Registers one route the way the app does, and answers what registering it threw. */
async function registering(config: Record<string, unknown>, method = 'GET') {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installAccessGuard(app, {} as Kysely<DB>, async () => {});
  requireAuditDeclarations(app);
  requireClinicalPolicy(app);
  try {
    app.route({
      method,
      url: '/api/v1/probe',
      schema: { response: answer },
      config,
      handler: () => ({}),
    });
    await app.ready();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await app.close();
  }
}

const access = (permission: string, extra: Record<string, unknown> = {}) => ({
  module: 'clinic.patient',
  branch: 'required',
  permission,
  ...extra,
});

describe('a route answering clinical records', () => {
  it('registers with the read permission of that record and a read audit row', async () => {
    expect(await registering({ access: access('diagnoses:read'), audit: audited })).toBeUndefined();
  });

  it('cannot be registered with a weaker permission, without audit, or public', async () => {
    expect(await registering({ access: access('patients:read'), audit: audited })).toMatch(
      /answers diagnoses but requires patients:read/,
    );
    expect(await registering({ access: access('visits:read'), audit: audited })).toMatch(
      /requires visits:read/,
    );
    expect(
      await registering({ access: access('diagnoses:read'), audit: { none: 'a list' } }),
    ).toMatch(/declares no audit row/);
    expect(await registering({ access: 'public', audit: audited })).toMatch(
      /without the diagnoses:read permission/,
    );
    expect(
      await registering({ access: access('diagnoses:read', { display: true }), audit: audited }),
    ).toMatch(/without the diagnoses:read permission/);
    expect(
      await registering({
        access: access('diagnoses:read'),
        audit: { ...audited, action: 'update' },
      }),
    ).toMatch(/audits it as update/);
  });

  it('a change may answer what it wrote under its own permission of that resource', async () => {
    const created = { ...audited, action: 'create' } as const;
    expect(
      await registering({ access: access('diagnoses:create'), audit: created }, 'POST'),
    ).toBeUndefined();
    expect(
      await registering(
        { access: access('queue:update', { module: 'clinic.queue' }), audit: created },
        'POST',
      ),
    ).toMatch(/requires queue:update/);
  });
});
