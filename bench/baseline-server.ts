import fastifyWebsocket from '@fastify/websocket';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * The yardstick: the SQL our API runs for each benchmarked call, served by a minimal
 * Fastify app on a pg pool as the schema owner, with no authentication, tenancy,
 * validation, audit or response schemas. Our figures are reported as a ratio of these.
 * The tenant comes from BASELINE_TENANT_ID and is written into each query as a plain
 * filter (the owner bypasses row-level security).
 *
 * Env: BASELINE_DATABASE_URL, BASELINE_TENANT_ID, PORT, HOST.
 */

const databaseUrl = process.env.BASELINE_DATABASE_URL;
const tenantId = process.env.BASELINE_TENANT_ID;
if (!databaseUrl || !tenantId) throw new Error('BASELINE_DATABASE_URL and BASELINE_TENANT_ID');

pg.types.setTypeParser(1082, (value: string) => value);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = Fastify({ logger: false });
await app.register(fastifyWebsocket);

const SEARCH_COLUMNS: Record<string, string> = {
  patient_name: 'name',
  nric: 'nric',
  card_no: 'card_no',
  contact_no: 'contact_no',
  home_postal: 'home_postal',
  home_address: 'home_address',
};
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The picker's query ($1 tenant, $2 pattern, $3 limit): the very text our search function
 * runs, from the schema's patient_search_sql() when it has one, else the same shape.
 */
async function searchStatement(filter: string): Promise<string> {
  const column = SEARCH_COLUMNS[filter] ?? 'name';
  const { rows } = await pool.query<{ sql: string | null }>(
    `SELECT CASE WHEN to_regprocedure('patient_search_sql(text)') IS NOT NULL
                 THEN patient_search_sql($1) END AS sql`,
    [filter],
  );
  return (
    rows[0]?.sql ??
    `SELECT id, name, nric, title, id_type, gender, card_no_prefix, card_no, contact_no,
            tel_code, birth_date, consult_doctor_id, home_address, home_postal
       FROM patients WHERE tenant_id = $1 AND ${column} ILIKE $2 ORDER BY name, id LIMIT $3`
  );
}
const searchStatements = new Map(
  await Promise.all(
    Object.keys(SEARCH_COLUMNS).map(
      async (filter) => [filter, await searchStatement(filter)] as const,
    ),
  ),
);

/** The clinics are in UTC+8: a day's date from Unix seconds. */
const dateOf = (unixSeconds: number) =>
  new Date((unixSeconds + 8 * 3600) * 1000).toISOString().slice(0, 10);

app.get('/', () => 'baseline');

app.get<{ Querystring: { keyword: string; filter?: string } }>(
  '/api/v1/patients/option',
  async (request) => {
    const statement = searchStatements.get(request.query.filter ?? 'patient_name');
    if (!statement) throw new Error('unknown filter');
    const pattern = `%${escapeLike(request.query.keyword.trim())}%`;
    const { rows } = await pool.query(statement, [tenantId, pattern, 20]);
    return { data: { items: rows, total: rows.length } };
  },
);

app.get<{ Querystring: { visitDate: string }; Headers: { branchid: string } }>(
  '/api/v1/queue',
  async (request) => {
    const { rows } = await pool.query(
      `SELECT q.*, p.name AS patient_name, p.nric, p.card_no, c.name AS company_name,
              d.first_name AS doctor_first_name, d.last_name AS doctor_last_name, d.mcr
         FROM queue_entries q
         JOIN patients p ON p.tenant_id = q.tenant_id AND p.id = q.patient_id
         JOIN users d ON d.tenant_id = q.tenant_id AND d.id = q.doctor_id
         LEFT JOIN companies c ON c.tenant_id = p.tenant_id AND c.id = p.company_id
        WHERE q.tenant_id = $1 AND q.branch_id = $2 AND q.queue_date = $3 AND q.queue_status = 0
        ORDER BY q.queue_seq DESC`,
      [tenantId, request.headers.branchid, dateOf(Number(request.query.visitDate))],
    );
    return { data: { items: rows, total: rows.length } };
  },
);

/** The channel of the baseline's queue events (NOTIFY in the changing transaction). */
const CHANNEL = 'bench_baseline_events';

/** Runs statements in one transaction on one pooled connection. */
async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A read of a patient's record writes its audit row in the read's transaction, naming the
 * patient (none when the clinic has no such patient), as the API's declared audit does.
 */
async function auditRead(
  client: pg.PoolClient,
  branchId: string,
  patientId: string,
  record: string,
): Promise<void> {
  await client.query(
    `INSERT INTO audit_events (tenant_id, branch_id, action, entity, entity_id, detail, patient_id)
     SELECT $1, $2, 'read', 'patient', id, $4, id FROM patients WHERE tenant_id = $1 AND id = $3`,
    [tenantId, branchId, patientId, JSON.stringify({ record })],
  );
}

/** Whole years from a birth date ('YYYY-MM-DD') to a day. */
function yearsOld(birthDate: string | null, today: string): number | null {
  if (!birthDate) return null;
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** The patient record's header card: the patient, the clinic's day for the age, the audit row. */
app.get<{ Params: { id: string }; Headers: { branchid: string } }>(
  '/api/v1/patients/:id/header-info',
  async (request, reply) => {
    const branchId = request.headers.branchid;
    const header = await transaction(async (client) => {
      const { rows } = await client.query<{ birth_date: string | null }>(
        `SELECT * FROM patients WHERE tenant_id = $1 AND id = $2`,
        [tenantId, request.params.id],
      );
      const patient = rows[0];
      if (!patient) return null;
      const clinic = await client.query<{ timezone_offset: number }>(
        `SELECT t.timezone_offset, b.hci_code FROM branches b JOIN tenants t ON t.id = b.tenant_id
          WHERE b.tenant_id = $1 AND b.id = $2`,
        [tenantId, branchId],
      );
      const offsetSeconds = (clinic.rows[0]?.timezone_offset ?? 0) * 60;
      const today = new Date(Date.now() + offsetSeconds * 1000).toISOString().slice(0, 10);
      await auditRead(client, branchId, request.params.id, 'header');
      return { ...patient, age: yearsOld(patient.birth_date, today) };
    });
    return header ? { data: header } : reply.code(404).send({ error: 'NOT_FOUND' });
  },
);

/** The header card's vaccination count: no vaccination records exist yet, so the patient's check. */
app.get<{ Querystring: { patientId: string }; Headers: { branchid: string } }>(
  '/api/v1/vaccinations/items/count',
  async (request, reply) => {
    const { patientId } = request.query;
    const found = await transaction(async (client) => {
      const { rows } = await client.query(
        `SELECT id FROM patients WHERE tenant_id = $1 AND id = $2`,
        [tenantId, patientId],
      );
      if (rows.length === 0) return false;
      await auditRead(client, request.headers.branchid, patientId, 'vaccinations');
      return true;
    });
    return found ? { data: { count: 0 } } : reply.code(404).send({ error: 'NOT_FOUND' });
  },
);

/** The medical records: a page of the patient's visits, newest first, with their total. */
app.get<{
  Querystring: { patientId: string; pageIndex?: string; pageSize?: string };
  Headers: { branchid: string };
}>('/api/v1/visits', async (request) => {
  const { patientId } = request.query;
  const pageSize = Number(request.query.pageSize ?? 20);
  const offset = (Number(request.query.pageIndex ?? 1) - 1) * pageSize;
  return transaction(async (client) => {
    const page = await client.query(
      `SELECT v.id, v.visit_date, v.branch_id, b.code AS branch_code, v.doctor_id,
              v.consult_start, v.consult_end, v.voided_at, v.version, d.first_name, d.last_name
         FROM visits v
         JOIN users d ON d.tenant_id = v.tenant_id AND d.id = v.doctor_id
         JOIN branches b ON b.tenant_id = v.tenant_id AND b.id = v.branch_id
        WHERE v.tenant_id = $1 AND v.patient_id = $2
        ORDER BY v.visit_date DESC, v.id DESC
        OFFSET $3 LIMIT $4`,
      [tenantId, patientId, offset, pageSize],
    );
    const count = await client.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM visits WHERE tenant_id = $1 AND patient_id = $2`,
      [tenantId, patientId],
    );
    await auditRead(client, request.headers.branchid, patientId, 'visits');
    return { data: { items: page.rows, total: count.rows[0]?.total ?? 0 } };
  });
});

app.post<{
  Body: { patientId: string; doctorId: string; visitPurposes: string[] };
  Headers: { branchid: string };
}>('/api/v1/queue', async (request, reply) => {
  const { patientId, doctorId, visitPurposes } = request.body;
  const branchId = request.headers.branchid;
  const now = new Date();
  const queueDate = dateOf(Math.floor(now.getTime() / 1000));
  const entry = await transaction(async (client) => {
    const visit = await client.query<{ id: string }>(
      `INSERT INTO visits (tenant_id, branch_id, patient_id, doctor_id, visit_date)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [tenantId, branchId, patientId, doctorId, now],
    );
    const counter = await client.query<{ last_number: number }>(
      `INSERT INTO queue_counters (tenant_id, branch_id, queue_date, last_number)
       VALUES ($1, $2, $3, 1)
       ON CONFLICT (tenant_id, branch_id, queue_date)
       DO UPDATE SET last_number = queue_counters.last_number + 1
       RETURNING last_number`,
      [tenantId, branchId, queueDate],
    );
    const number = counter.rows[0]!.last_number;
    const inserted = await client.query(
      `INSERT INTO queue_entries (tenant_id, branch_id, visit_id, patient_id, doctor_id,
         queue_date, queue_number, queue_seq, visit_purposes, status, color, visit_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, 'Pending', '#B45309', $9) RETURNING *`,
      [
        tenantId,
        branchId,
        visit.rows[0]!.id,
        patientId,
        doctorId,
        queueDate,
        number,
        visitPurposes,
        now,
      ],
    );
    await client.query(
      `UPDATE patients SET consult_doctor_id = $3 WHERE tenant_id = $1 AND id = $2`,
      [tenantId, patientId, doctorId],
    );
    // The writes the feature needs besides the entry: its audit row and its event.
    const entry = inserted.rows[0] as { id: string; queue_number: number };
    await client.query(
      `INSERT INTO audit_events (tenant_id, branch_id, action, entity, entity_id, detail)
       VALUES ($1, $2, 'create', 'queue', $3, $4)`,
      [tenantId, branchId, entry.id, JSON.stringify({ patientId })],
    );
    const event = { branchId, eventCode: 'queueAdded', data: entry };
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    return entry;
  });
  return reply.code(201).send({ data: entry });
});

app.post<{ Body: { username: string; password: string } }>(
  '/api/v1/sign-in',
  async (request, reply) => {
    const { username, password } = request.body;
    const result = await transaction(async (client) => {
      const { rows } = await client.query<{ id: string; password_hash: string | null }>(
        `SELECT * FROM users WHERE lower(username) = lower($1)`,
        [username],
      );
      const user = rows[0];
      if (!user?.password_hash || !(await verify(user.password_hash, password))) return null;
      const token = randomBytes(32).toString('base64url');
      await client.query(
        `INSERT INTO sessions (tenant_id, user_id, token_hash, kind, expires_at, ip)
         VALUES ($1, $2, $3, 'clinic', now() + interval '12 hours', $4)`,
        [tenantId, user.id, createHash('sha256').update(token).digest(), request.ip],
      );
      const branches = await client.query(
        `SELECT b.id, b.code, b.name, ub.is_default FROM user_branches ub
           JOIN branches b ON b.tenant_id = ub.tenant_id AND b.id = ub.branch_id
          WHERE ub.tenant_id = $1 AND ub.user_id = $2`,
        [tenantId, user.id],
      );
      const modules = await client.query<{ module: string }>(
        `SELECT module FROM tenant_modules WHERE tenant_id = $1 ORDER BY module`,
        [tenantId],
      );
      return { token, branches: branches.rows, modules: modules.rows.map((r) => r.module) };
    });
    return result ? { data: result } : reply.code(400).send({ error: 'INVALID_CREDENTIALS' });
  },
);

/** Queue events: one LISTEN connection, in-process fan-out. */
const events = new EventEmitter().setMaxListeners(0);
const listener = new pg.Client({ connectionString: databaseUrl });
await listener.connect();
listener.on('notification', (message) => {
  if (message.payload) events.emit('event', JSON.parse(message.payload) as { branchId: string });
});
await listener.query(`LISTEN ${CHANNEL}`);

app.put<{ Params: { id: string } }>('/api/v1/queue/:id/call-in', async (request) => {
  const entry = await transaction(async (client) => {
    const { rows } = await client.query<{ branch_id: string }>(
      `WITH called AS (
         UPDATE queue_entries
            SET call_in_time = now(), consult_in = coalesce(consult_in, now()), time_out = NULL,
                status = 'Consult In', color = '#1D4ED8', version = version + 1, updated_at = now()
          WHERE tenant_id = $1 AND id = $2 AND queue_status = 0
          RETURNING *)
       SELECT called.*, p.name AS patient_name
         FROM called JOIN patients p ON p.tenant_id = called.tenant_id AND p.id = called.patient_id`,
      [tenantId, request.params.id],
    );
    const row = rows[0];
    if (row) {
      const event = { branchId: row.branch_id, eventCode: 'queueCalledIn', data: row };
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    }
    return row;
  });
  return { data: entry };
});

app.get<{ Querystring: { branchId: string } }>(
  '/api/v1/notifications/ws',
  { websocket: true },
  (socket, request) => {
    const { branchId } = request.query;
    const forward = (event: { branchId: string; eventCode: string; data: unknown }) => {
      if (event.branchId === branchId) {
        socket.send(JSON.stringify({ eventCode: event.eventCode, data: event.data }));
      }
    };
    events.on('event', forward);
    socket.on('close', () => events.off('event', forward));
  },
);

await app.listen({ port: Number(process.env.PORT ?? 3901), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => Promise.all([pool.end(), listener.end()]))
      .then(() => process.exit(0));
  });
}
