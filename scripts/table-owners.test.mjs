import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayWrite, ownershipProblems, writtenTables } from './table-owners.mjs';

const SCHEMA = 'export interface DB {\n  patients: Patients;\n  visits: Visits;\n}\n';
const OWNERS = { patients: 'features/patients', visits: 'features/visits' };

/** A throw-away server source tree with the given files under apps/server/src. */
function server(files) {
  const root = mkdtempSync(join(tmpdir(), 'owners-'));
  for (const [path, text] of Object.entries({ 'db/schema.ts': SCHEMA, ...files })) {
    const full = join(root, 'apps/server/src', path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

describe('table owners', () => {
  it("finds Kysely and SQL writes, not reads or an upsert's DO UPDATE", () => {
    const text = `
      tx.db.insertInto('queueEntries'); db.updateTable('patients as p'); x.deleteFrom("visits");
      sql\`INSERT INTO audit_events\`; sql\`UPDATE mail_outbox SET status = 'sent'\`;
      sql\`DELETE FROM throttle_events\`; sql\`ON CONFLICT DO UPDATE SET a = 1 FOR UPDATE\`;
      tx.db.selectFrom('users');`;
    expect(writtenTables(text).sort()).toEqual(
      ['auditEvents', 'mailOutbox', 'patients', 'queueEntries', 'throttleEvents', 'visits'].sort(),
    );
  });

  it("lets only the owner's repositories write a feature's table", () => {
    expect(mayWrite('features/visits', 'features/visits/visits.repo.ts')).toBe(true);
    expect(mayWrite('features/visits', 'features/visits/visits.service.ts')).toBe(false);
    expect(mayWrite('features/visits', 'features/queue/queue.repo.ts')).toBe(false);
    expect(mayWrite('platform/audit.ts', 'platform/audit.ts')).toBe(true);
  });

  it('names a write by another feature, and a table nobody owns', () => {
    const root = server({
      'features/visits/visits.repo.ts': "tx.db.insertInto('visits');",
      'features/queue/queue.repo.ts': "tx.db.updateTable('patients').set({});",
      'seed/demo.ts': "tx.db.insertInto('roles');",
      'features/queue/queue.int.test.ts': "tx.db.insertInto('visits');",
      'db/migrations/2026_x.ts': "db.insertInto('visits');",
    });
    expect(ownershipProblems(root, OWNERS)).toEqual([
      expect.stringMatching(/queue\.repo\.ts writes patients, owned by features\/patients/),
      expect.stringMatching(/seed\/demo\.ts writes roles, which has no owner/),
    ]);
    expect(ownershipProblems(root, { visits: 'features/visits' })).toEqual([
      expect.stringMatching(/^Table patients has no owner/),
      expect.stringMatching(/queue\.repo\.ts writes patients, which has no owner/),
      expect.stringMatching(/seed\/demo\.ts writes roles, which has no owner/),
    ]);
  });

  it('passes on this repository', () => {
    expect(ownershipProblems(join(import.meta.dirname, '..'))).toEqual([]);
  });
});
