import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { useMigrationDatabase } from '../../../test/migration-harness.ts';

/**
 * The audit migration on a database that already holds audit rows, run by a schema owner
 * that is not a superuser: every earlier row gets its patient (a patient row from its
 * entity id, a queue row from its entry), and row-level security is forced again.
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')('the audit migration on existing rows', () => {
  const database = useMigrationDatabase('clinic_audit');

  /** Runs one statement as the owner inside a clinic (the policies let it see only that). */
  const inTenant = <R extends pg.QueryResultRow>(
    tenantId: string,
    text: string,
    values: unknown[] = [],
  ): Promise<R[]> =>
    database.inTenant(tenantId, async (client) => (await client.query<R>(text, values)).rows);

  it('names the patient of every earlier row', async () => {
    const migrator = database.migrator();
    expect((await migrator.migrateTo('2026-11-25T0900_data_change_notices')).error).toBeUndefined();

    const tenantId = crypto.randomUUID();
    const one = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      inTenant<R>(tenantId, text, values).then((rows) => rows[0]!);
    await one(
      `INSERT INTO tenants (id, subdomain, clinic_name, country, timezone_offset)
       VALUES ($1, $2, 'Clinic', 'SG', 480)`,
      [tenantId, `audit-${Date.now()}-${process.pid}`],
    );
    const { id: branchId } = await one<{ id: string }>(
      `INSERT INTO branches (tenant_id, code, name) VALUES ($1, 'A', 'A') RETURNING id`,
      [tenantId],
    );
    const { id: doctorId } = await one<{ id: string }>(
      `INSERT INTO users (tenant_id, username, first_name, last_name, email, type)
       VALUES ($1, $2, 'F', 'L', 'x@example.com', '50') RETURNING id`,
      [tenantId, `doctor-${tenantId}`],
    );
    const { id: patientId } = await one<{ id: string }>(
      `INSERT INTO patients (tenant_id, name, id_type, gender, contact_no, tel_code, birth_date, nationality)
       VALUES ($1, 'Tan Ah Kow', 'NA', 'M', '91234567', '+65', '1980-01-01', 'SG') RETURNING id`,
      [tenantId],
    );
    const { id: visitId } = await one<{ id: string }>(
      `INSERT INTO visits (tenant_id, branch_id, patient_id, doctor_id, visit_date)
       VALUES ($1, $2, $3, $4, now()) RETURNING id`,
      [tenantId, branchId, patientId, doctorId],
    );
    const { id: entryId } = await one<{ id: string }>(
      `INSERT INTO queue_entries (tenant_id, branch_id, visit_id, patient_id, doctor_id, queue_date,
         queue_number, queue_seq, visit_purposes, status, color, visit_time)
       VALUES ($1, $2, $3, $4, $5, current_date, 1, 1, '{Consultation}', 'Pending', '#fff', now())
       RETURNING id`,
      [tenantId, branchId, visitId, patientId, doctorId],
    );
    await one(
      `INSERT INTO audit_events (tenant_id, user_id, branch_id, action, entity, entity_id, detail)
       VALUES ($1, $2, $3, 'create', 'patient', $4, NULL),
              ($1, $2, $3, 'create', 'queue', $5, jsonb_build_object('patientId', $4::text))`,
      [tenantId, doctorId, branchId, patientId, entryId],
    );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = await inTenant<{ entity: string; patient_id: string }>(
      tenantId,
      'SELECT entity, patient_id FROM audit_events ORDER BY entity',
    );
    expect(rows).toEqual([
      { entity: 'patient', patient_id: patientId },
      { entity: 'queue', patient_id: patientId },
    ]);
    // Forcing is back on: outside a clinic the owner sees no audit rows.
    const blind = await database.owner.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events',
    );
    expect(blind.rows).toEqual([{ n: 0 }]);
  }, 60_000);
});
