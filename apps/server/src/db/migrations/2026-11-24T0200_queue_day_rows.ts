import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * The day's queue as rows a serializer copies, replacing `queue_day_json()` (migration
 * 2026-11-24T0100). Building the JSON in PostgreSQL 15 cost more CPU than Node saved
 * (json_build_object looks up each value's type and output function, about 8,400 times
 * for a 300-entry day), so PostgreSQL now only does what is cheap for it: the fields of
 * `toQueueEntry()` computed (queue number text, doctor names, Unix seconds), every value
 * as text in its JSON form where that needs no escaping (numbers, uuids, booleans, the
 * visit purposes as a JSON array), and plain text for the strings, which the serializer
 * escapes. Still one statement with its tenant (see `tenantArgument()`), under row-level
 * security as the API role; null rows when the branch is not the tenant's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `DROP FUNCTION IF EXISTS queue_day_json(text, uuid, bigint)`,
    `CREATE FUNCTION queue_day_rows(p_tenant text, p_branch uuid, p_visit_date bigint)
       RETURNS TABLE (branch_found boolean, id text, version text, queue_num text,
                      queue_seq text, patient_id text, patient_name text, nric text,
                      card_no text, company_name text, doctor_name_sort text, doctor_name text,
                      visit_purposes text, remark text, room_service text, room_name text,
                      area_id text, status text, queue_status text, color text,
                      visit_date text, time_in text, time_out text, consult_in text,
                      consult_out text, call_in_time text, is_mco text, voided_reason text)
       LANGUAGE plpgsql STABLE AS
       $$
       DECLARE
         v_day date;
       BEGIN
         -- p_tenant only orders the calls: the policies read the setting it made.
         SELECT (to_timestamp(p_visit_date + t.timezone_offset * 60) AT TIME ZONE 'UTC')::date
           INTO v_day
           FROM branches b JOIN tenants t ON t.id = b.tenant_id
          WHERE b.id = p_branch;
         IF NOT FOUND THEN
           branch_found := false;
           RETURN NEXT;
           RETURN;
         END IF;
         -- The day's entries first (MATERIALIZED): joined in one statement with the
         -- doctors, the planner walked the day's entries once per user of the clinic.
         RETURN QUERY
           WITH day AS MATERIALIZED (
             SELECT q.*, p.name AS patient_name, p.nric, p.card_no, c.name AS company_name
               FROM queue_entries q
               JOIN patients p ON p.tenant_id = q.tenant_id AND p.id = q.patient_id
               LEFT JOIN companies c ON c.tenant_id = p.tenant_id AND c.id = p.company_id
              WHERE q.branch_id = p_branch AND q.queue_date = v_day AND q.queue_status = 0)
           SELECT true, e.id::text, e.version::text,
                  CASE WHEN e.queue_number BETWEEN 0 AND 99
                       THEN lpad(e.queue_number::text, 3, '0') ELSE e.queue_number::text END,
                  e.queue_seq::text, e.patient_id::text, e.patient_name, e.nric, e.card_no,
                  e.company_name,
                  CASE WHEN d.mcr IS NULL OR d.mcr !~ '[^[:space:]]'
                            OR d.name ~* '^dr\\.?([[:space:]]|$)'
                       THEN d.name ELSE 'Dr. ' || d.name END,
                  d.name, array_to_json(e.visit_purposes)::text, e.remark, e.room_service,
                  e.room_name, e.area_id::text, e.status,
                  CASE WHEN e.queue_status = -1 THEN '-1' ELSE '0' END, e.color,
                  floor(date_part('epoch', e.visit_time))::bigint::text,
                  floor(date_part('epoch', e.time_in))::bigint::text,
                  floor(date_part('epoch', e.time_out))::bigint::text,
                  floor(date_part('epoch', e.consult_in))::bigint::text,
                  floor(date_part('epoch', e.consult_out))::bigint::text,
                  floor(date_part('epoch', e.call_in_time))::bigint::text,
                  e.is_mco::text, e.voided_reason
             FROM day e
             JOIN (SELECT u.tenant_id, u.id, u.mcr,
                          regexp_replace(u.first_name || ' ' || u.last_name,
                                         '^[[:space:]]+|[[:space:]]+$', '', 'g') AS name
                     FROM users u) AS d ON d.tenant_id = e.tenant_id AND d.id = e.doctor_id
            ORDER BY e.queue_seq DESC;
       END
       $$`,
  ]);
}
