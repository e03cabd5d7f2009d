import { doctorSortName, type QueueEntry } from '@clinic/domain';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, QueueEntries } from '../../db/schema.ts';
import { tenantArgument, type TenantRead, type TenantTx } from '../../db/tenant-db.ts';
import { toUnix, toUnixOrNull } from '../../platform/scope.ts';
import { containsPattern } from '../../db/like.ts';

/** The queue entry as the screen shows it: joined with patient, company and doctor. */
function entryQuery(tx: TenantTx) {
  return tx.db
    .selectFrom('queueEntries as q')
    .innerJoin('patients as p', (join) =>
      join.onRef('p.tenantId', '=', 'q.tenantId').onRef('p.id', '=', 'q.patientId'),
    )
    .innerJoin('users as d', (join) =>
      join.onRef('d.tenantId', '=', 'q.tenantId').onRef('d.id', '=', 'q.doctorId'),
    )
    .leftJoin('companies as c', (join) =>
      join.onRef('c.tenantId', '=', 'p.tenantId').onRef('c.id', '=', 'p.companyId'),
    )
    .selectAll('q')
    .select([
      'p.name as patientName',
      'p.nric',
      'p.cardNo',
      'c.name as companyName',
      'd.firstName as doctorFirstName',
      'd.lastName as doctorLastName',
      'd.mcr as doctorMcr',
    ]);
}

type EntryRow = Selectable<QueueEntries> & {
  patientName: string;
  nric: string | null;
  cardNo: string | null;
  companyName: string | null;
  doctorFirstName: string;
  doctorLastName: string;
  doctorMcr: string | null;
};

export function formatQueueNumber(number: number): string {
  return String(number).padStart(3, '0');
}

export function toQueueEntry(row: EntryRow): QueueEntry {
  const doctorName = `${row.doctorFirstName} ${row.doctorLastName}`.trim();
  return {
    id: row.id,
    version: row.version,
    queueNum: formatQueueNumber(row.queueNumber),
    queueSeq: row.queueSeq,
    patientId: row.patientId,
    patientName: row.patientName,
    nric: row.nric,
    cardNo: row.cardNo,
    companyName: row.companyName,
    doctorNameSort: doctorSortName(doctorName, row.doctorMcr),
    doctorName,
    visitPurposes: row.visitPurposes,
    remark: row.remark,
    roomService: row.roomService,
    roomName: row.roomName,
    areaID: row.areaId,
    status: row.status,
    queueStatus: row.queueStatus === -1 ? -1 : 0,
    color: row.color,
    visitDate: toUnix(row.visitTime),
    timeIn: toUnix(row.timeIn),
    timeOut: toUnixOrNull(row.timeOut),
    consultIn: toUnixOrNull(row.consultIn),
    consultOut: toUnixOrNull(row.consultOut),
    callInTime: toUnixOrNull(row.callInTime),
    isMCO: row.isMco,
    voidedReason: row.voidedReason,
  };
}

export async function findEntry(
  tx: TenantTx,
  id: string,
): Promise<(QueueEntry & { branchId: string; visitId: string; queueDate: string }) | undefined> {
  const row = await entryQuery(tx).where('q.id', '=', id).executeTakeFirst();
  return (
    row && {
      ...toQueueEntry(row),
      branchId: row.branchId,
      visitId: row.visitId,
      queueDate: row.queueDate,
    }
  );
}

/** A row of `queue_day_rows()`: text values, in JSON form where the name says raw. */
interface DayRow {
  branch_found: boolean;
  id: string;
  version: string;
  queue_num: string;
  queue_seq: string;
  patient_id: string;
  patient_name: string;
  nric: string | null;
  card_no: string | null;
  company_name: string | null;
  doctor_name_sort: string;
  doctor_name: string;
  visit_purposes: string;
  remark: string | null;
  room_service: string | null;
  room_name: string | null;
  area_id: string | null;
  status: string;
  queue_status: string;
  color: string;
  visit_date: string;
  time_in: string;
  time_out: string | null;
  consult_in: string | null;
  consult_out: string | null;
  call_in_time: string | null;
  is_mco: string;
  voided_reason: string | null;
}

/** A string or null as JSON. */
const str = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
/** A value PostgreSQL gave in its JSON form (number, uuid, boolean, array), or null. */
const raw = (value: string | null) => (value === null ? 'null' : value);
/** A uuid (no characters to escape), or null. */
const uuid = (value: string | null) => (value === null ? 'null' : `"${value}"`);

/** One entry as `toQueueEntry()` answers it, in the schema's field order. */
function entryJson(row: DayRow): string {
  return (
    `{"id":${uuid(row.id)},"version":${raw(row.version)},"queueNum":${str(row.queue_num)},` +
    `"queueSeq":${raw(row.queue_seq)},"patientId":${uuid(row.patient_id)},` +
    `"patientName":${str(row.patient_name)},"nric":${str(row.nric)},"cardNo":${str(row.card_no)},` +
    `"companyName":${str(row.company_name)},"doctorNameSort":${str(row.doctor_name_sort)},` +
    `"doctorName":${str(row.doctor_name)},"visitPurposes":${raw(row.visit_purposes)},` +
    `"remark":${str(row.remark)},"roomService":${str(row.room_service)},` +
    `"roomName":${str(row.room_name)},"areaID":${uuid(row.area_id)},"status":${str(row.status)},` +
    `"queueStatus":${raw(row.queue_status)},"color":${str(row.color)},` +
    `"visitDate":${raw(row.visit_date)},"timeIn":${raw(row.time_in)},` +
    `"timeOut":${raw(row.time_out)},"consultIn":${raw(row.consult_in)},` +
    `"consultOut":${raw(row.consult_out)},"callInTime":${raw(row.call_in_time)},` +
    `"isMCO":${raw(row.is_mco)},"voidedReason":${str(row.voided_reason)}}`
  );
}

/**
 * The answer of GET /queue for a day (`{data: {items, total}}`, JSON text), from one
 * statement (`queue_day_rows()`, migration 2026-11-24T0200) whose values need no parsing
 * and serialised by hand: no Date parsing, no renaming of keys, no schema walk. A test
 * compares it with `toQueueEntry()`. Undefined when the branch is not the tenant's.
 * `visitDate` is any moment of the day, Unix seconds.
 */
export async function dayAnswerJson(
  read: TenantRead,
  branchId: string,
  visitDate: number,
): Promise<string | undefined> {
  const { rows } = await sql<DayRow>`
    SELECT * FROM queue_day_rows(${tenantArgument(read.tenantId)}, ${branchId}, ${visitDate})`.execute(
    withoutPlugins(read.db),
  );
  if (rows[0]?.branch_found === false) return undefined;
  return `{"data":{"items":[${rows.map(entryJson).join(',')}],"total":${rows.length}}}`;
}

const plainDb = new WeakMap<object, Kysely<DB>>();

/** The connection without the camel-case plugin (made once per connection). */
function withoutPlugins(db: Kysely<DB>): Kysely<DB> {
  let plain = plainDb.get(db);
  if (!plain) {
    plain = db.withoutPlugins();
    plainDb.set(db, plain);
  }
  return plain;
}

/** The day's active entries of a branch, newest sequence first. */
export async function listDay(
  tx: TenantTx,
  branchId: string,
  queueDate: string,
): Promise<QueueEntry[]> {
  const rows = await entryQuery(tx)
    .where('q.branchId', '=', branchId)
    .where('q.queueDate', '=', queueDate)
    .where('q.queueStatus', '=', 0)
    .orderBy('q.queueSeq', 'desc')
    .execute();
  return rows.map(toQueueEntry);
}

export interface HistoryFilter {
  patientId: string;
  doctorId: string | null;
  status: string | null;
  remark: string | null;
  offset: number;
  limit: number;
}

/** One patient's active queue entries in a branch, newest first, with the total count. */
export async function patientHistory(tx: TenantTx, branchId: string, filter: HistoryFilter) {
  let query = entryQuery(tx)
    .where('q.branchId', '=', branchId)
    .where('q.patientId', '=', filter.patientId)
    .where('q.queueStatus', '=', 0);
  if (filter.doctorId) query = query.where('q.doctorId', '=', filter.doctorId);
  if (filter.status) query = query.where('q.status', '=', filter.status);
  if (filter.remark) query = query.where('q.remark', 'ilike', containsPattern(filter.remark));
  const [rows, count] = await Promise.all([
    query.orderBy('q.visitTime', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toQueueEntry), total: count.total };
}

export interface NewEntry {
  branchId: string;
  patientId: string;
  doctorId: string;
  visitPurposes: string[];
  remark: string | null;
  visitTime: Date;
  queueDate: string;
  status: string;
  color: string;
  roomName: string | null;
  areaId: string | null;
}

/**
 * Takes the day's next number (the branch's counter for the date) and inserts the entry
 * under it, in one statement. The counter row stays locked until commit, and every add of
 * the branch waits for it, so callers do everything else first.
 */
export function insertNumberedEntry(
  tx: TenantTx,
  entry: NewEntry & { id: string; visitId: string },
): Promise<Selectable<QueueEntries>> {
  const { tenantId } = tx;
  const { branchId, queueDate } = entry;
  return tx.db
    .with('counter', (db) =>
      db
        .insertInto('queueCounters')
        .values({ tenantId, branchId, queueDate, lastNumber: 1 })
        .onConflict((oc) =>
          oc
            .columns(['tenantId', 'branchId', 'queueDate'])
            .doUpdateSet((eb) => ({ lastNumber: eb('queueCounters.lastNumber', '+', 1) })),
        )
        .returning('lastNumber'),
    )
    .insertInto('queueEntries')
    .columns([...ENTRY_COLUMNS, 'tenantId', 'queueNumber', 'queueSeq'])
    .expression((eb) =>
      eb
        .selectFrom('counter')
        .select([
          ...ENTRY_COLUMNS.map((column) => eb.val(entry[column]).as(column)),
          eb.val(tenantId).as('tenantId'),
          'counter.lastNumber as queueNumber',
          'counter.lastNumber as queueSeq',
        ]),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

const ENTRY_COLUMNS = [
  'id',
  'visitId',
  'branchId',
  'patientId',
  'doctorId',
  'visitPurposes',
  'remark',
  'visitTime',
  'queueDate',
  'status',
  'color',
  'roomName',
  'areaId',
] as const;

type EntryChanges = Partial<
  Pick<
    QueueEntries,
    'visitPurposes' | 'remark' | 'roomService' | 'status' | 'color' | 'queueSeq' | 'voidedReason'
  > & {
    queueStatus: number;
    visitTime: Date;
    callInTime: Date;
    consultIn: Date;
    consultOut: Date;
    timeOut: Date | null;
    voidedAt: Date;
  }
>;

/**
 * Changes an active entry when `version` is still current (or always, without one);
 * false when it changed meanwhile.
 */
export async function updateEntry(
  tx: TenantTx,
  id: string,
  version: number | undefined,
  changes: EntryChanges,
): Promise<boolean> {
  let query = tx.db
    .updateTable('queueEntries')
    .set((eb) => ({ ...changes, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('queueStatus', '=', 0);
  if (version !== undefined) query = query.where('version', '=', version);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Locks the entries (in id order, so two swaps never deadlock) and answers their sequence. */
export async function lockEntries(tx: TenantTx, ids: string[]) {
  return tx.db
    .selectFrom('queueEntries')
    .select(['id', 'queueSeq', 'branchId', 'queueDate', 'queueStatus', 'version'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** What a queue entry shows of its patient, or undefined for no such patient. */
export function patientForQueue(tx: TenantTx, patientId: string) {
  return tx.db
    .selectFrom('patients as p')
    .leftJoin('companies as c', (join) =>
      join.onRef('c.tenantId', '=', 'p.tenantId').onRef('c.id', '=', 'p.companyId'),
    )
    .select(['p.name as patientName', 'p.nric', 'p.cardNo', 'c.name as companyName'])
    .where('p.id', '=', patientId)
    .executeTakeFirst();
}

/**
 * A user who works in the branch: type, whether active, the names an entry shows, and
 * their room and waiting area in the branch (null without one).
 */
export function doctorOfBranch(tx: TenantTx, branchId: string, userId: string) {
  return tx.db
    .selectFrom('users as u')
    .innerJoin('userBranches as ub', (join) =>
      join
        .onRef('ub.tenantId', '=', 'u.tenantId')
        .onRef('ub.userId', '=', 'u.id')
        .on('ub.branchId', '=', branchId),
    )
    .leftJoin('doctorRooms as r', (join) =>
      join
        .onRef('r.tenantId', '=', 'u.tenantId')
        .onRef('r.doctorId', '=', 'u.id')
        .on('r.branchId', '=', branchId),
    )
    .select([
      'u.type',
      'u.isActive',
      'u.firstName as doctorFirstName',
      'u.lastName as doctorLastName',
      'u.mcr as doctorMcr',
      'r.roomName',
      'r.areaId',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}
