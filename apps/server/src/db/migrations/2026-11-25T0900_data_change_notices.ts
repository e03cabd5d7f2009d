import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * Tells every API instance, at commit, that a clinic's data shown in cached answers changed:
 * the day's queue list (`features/queue/queue-day-cache.ts`) shows patients' names, ID and
 * card numbers and companies, doctors' names, and depends on the clinic's time zone. A
 * trigger rather than a call in each service, so that no writer (a future route, an import,
 * a hand-run statement) can change them and leave a stale answer behind. The notice goes to
 * the event bus's channel; PostgreSQL sends one per distinct payload per transaction, so a
 * bulk update of a clinic's patients sends one. Queue entries are not here: every queue
 * change already publishes its branch's queue event.
 */
const NOTIFY = `CREATE FUNCTION notify_cached_data_changed() RETURNS trigger
  LANGUAGE plpgsql AS
  $$
  BEGIN
    PERFORM pg_notify('clinic_events', json_build_object(
      'kind', 'dataChanged',
      'tenantId', to_jsonb(NEW) ->> TG_ARGV[0],
      'table', TG_TABLE_NAME)::text);
    RETURN NULL;
  END
  $$`;

function changeTrigger(table: string, columns: string[], tenantColumn = 'tenant_id'): string {
  const changed = columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  return `CREATE TRIGGER ${table}_cached_data_changed
    AFTER UPDATE OF ${columns.join(', ')} ON ${table}
    FOR EACH ROW WHEN (${changed})
    EXECUTE FUNCTION notify_cached_data_changed('${tenantColumn}')`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    NOTIFY,
    changeTrigger('patients', ['name', 'nric', 'card_no', 'company_id']),
    changeTrigger('companies', ['name']),
    changeTrigger('users', ['first_name', 'last_name', 'mcr']),
    changeTrigger('tenants', ['timezone_offset'], 'id'),
  ]);
}
