import { randomUUID } from 'node:crypto';
import {
  PENDING_COLOUR,
  QUEUE_STATUS,
  QUEUE_STATUS_COLOUR,
  UserType,
  queueCreateProblems,
  type QueueCreateBody,
  type QueueEntry,
  type NotificationEvent,
  type QueueEventCode,
  type QueueEventData,
  type QueuePageQuery,
} from '@clinic/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
import type { AppContext } from '../../platform/app-context.ts';
import {
  AppError,
  badRequest,
  conflict,
  fieldError,
  fieldErrors,
  forbidden,
  notFound,
} from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { findOptionByCode, findOptionByName, listOptions } from '../options/options.service.ts';
import { rememberConsultDoctor } from '../patients/patients.service.ts';
import * as visits from '../visits/visits.service.ts';
import type { QueueDayCache } from './queue-day-cache.ts';
import * as repo from './queue.repo.ts';

type LoadedEntry = NonNullable<Awaited<ReturnType<typeof repo.findEntry>>>;

/** An active entry of the caller's branch, or the error a user should see. */
async function activeEntry(tx: TenantTx, scope: BranchScope, id: string): Promise<LoadedEntry> {
  const entry = await repo.findEntry(tx, id);
  if (!entry) throw notFound('queue.entryNotFound');
  if (entry.branchId !== scope.branchId) throw forbidden('queue.anotherBranch');
  if (entry.queueStatus === -1) throw badRequest('queue.entryDeleted');
  return entry;
}

async function reload(tx: TenantTx, id: string): Promise<QueueEntry> {
  const entry = await repo.findEntry(tx, id);
  if (!entry) throw notFound('queue.entryNotFound');
  const { branchId: _b, visitId: _v, queueDate: _d, ...shown } = entry;
  return shown;
}

function eventData(entry: QueueEntry, branchId: string): QueueEventData {
  return {
    id: entry.id,
    queueNum: entry.queueNum,
    patientName: entry.patientName,
    status: entry.status,
    roomService: entry.roomService,
    roomName: entry.roomName,
    areaID: entry.areaID,
    branchId,
  };
}

async function publish(
  ctx: AppContext,
  tx: TenantTx,
  scope: BranchScope,
  eventCode: QueueEventCode,
  entry: QueueEntry,
) {
  await ctx.events.publish(tx, {
    branchId: scope.branchId,
    ...queueEvent(eventCode, entry, eventData(entry, scope.branchId)),
  });
}

/** Applies a versioned change; a stale version is a 409 and changes nothing. */
async function change(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  version: number | undefined,
  apply: (tx: TenantTx, entry: LoadedEntry) => Promise<Parameters<typeof repo.updateEntry>[3]>,
  events: QueueEventCode[] = ['queueUpdated'],
): Promise<QueueEntry> {
  return scope.run(async (tx) => {
    const entry = await activeEntry(tx, scope, id);
    const changes = await apply(tx, entry);
    if (!(await repo.updateEntry(tx, id, version, changes))) throw conflict();
    const updated = await reload(tx, id);
    for (const event of events) await publish(ctx, tx, scope, event, updated);
    return updated;
  });
}

/** The socket message of an event, with the sentence the announced ones carry. */
function queueEvent(
  eventCode: QueueEventCode,
  entry: QueueEntry,
  data: QueueEventData,
): NotificationEvent {
  const who = `Queue ${entry.queueNum} (${entry.patientName})`;
  switch (eventCode) {
    case 'queueCalledIn': {
      const room = entry.roomService ? ` to ${entry.roomService}` : '';
      return { eventCode, data, message: `${who} is called in${room}.` };
    }
    case 'queueConsultedOut':
      return { eventCode, data, message: `${who} has timed out.` };
    case 'queueVoided':
      return { eventCode, data, message: `${who} was deleted: ${entry.voidedReason ?? ''}` };
    case 'queueAdded':
    case 'queueUpdated':
    case 'ring':
      return { eventCode, data, message: null };
  }
}

export async function listDay(scope: BranchScope, visitDate: number): Promise<QueueEntry[]> {
  return scope.run(async (tx) => {
    const clinic = await clinicContext(tx, scope.branchId);
    return repo.listDay(tx, scope.branchId, clinic.dateOf(visitDate));
  });
}

/**
 * GET /queue's answer as JSON text, in one statement and no transaction (see
 * `dayAnswerJson`), kept by `cache` until the branch's queue or what it shows changes;
 * the same entries as `listDay`.
 */
export async function dayAnswer(
  db: Kysely<DB>,
  cache: QueueDayCache,
  scope: BranchScope,
  visitDate: number,
): Promise<string> {
  const answer = await cache.answer(scope.tenantId, scope.branchId, visitDate, () =>
    repo.dayAnswerJson({ db, tenantId: scope.tenantId }, scope.branchId, visitDate),
  );
  if (answer === undefined) throw notFound('branch.notFound');
  return answer;
}

export async function patientHistory(scope: BranchScope, query: QueuePageQuery) {
  return scope.run((tx) =>
    repo.patientHistory(tx, scope.branchId, {
      patientId: query.patientID,
      doctorId: query.doctorID,
      status: query.status,
      remark: query.remark,
      offset: (query.pageIndex - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  );
}

/** The doctor of the entry: an active doctor who works in the branch. */
async function checkDoctor(tx: TenantTx, branchId: string, doctorId: string) {
  const doctor = await repo.doctorOfBranch(tx, branchId, doctorId);
  if (!doctor || doctor.type !== UserType.doctor || !doctor.isActive) {
    throw fieldError('doctorId', 'queue.doctorNotHere');
  }
  return doctor;
}

async function checkVisitPurposes(tx: TenantTx, codes: string[], field: string): Promise<void> {
  const known = new Set(
    (await listOptions(tx, 'visitPurpose', { activeOnly: true })).map((o) => o.code.toLowerCase()),
  );
  const unknown = codes.filter((code) => !known.has(code.toLowerCase()));
  if (unknown.length > 0) throw fieldError(field, 'queue.visitPurposeUnknown', unknown.join(', '));
}

/** A status the user chose: it must be an active entry of the clinic's list. */
async function chosenStatus(
  tx: TenantTx,
  status: string,
): Promise<{ code: string; color: string }> {
  const option = await findOptionByCode(tx, 'queueStatus', status);
  if (!option || !option.isActive) throw fieldError('status', 'queue.statusUnknown');
  return { code: option.code, color: option.color ?? PENDING_COLOUR };
}

type RuleStatus = keyof typeof QUEUE_STATUS;

/** A status the queue's rules set (Pending, Consult In, Consult Out), in the clinic's colour. */
async function ruleStatus(
  tx: TenantTx,
  status: RuleStatus,
): Promise<{ code: string; color: string }> {
  const option = await findOptionByCode(tx, 'queueStatus', QUEUE_STATUS[status]);
  return { code: QUEUE_STATUS[status], color: option?.color ?? QUEUE_STATUS_COLOUR[status] };
}

/** Checks an add against the rules; answers what the new entry takes from them. */
async function checkAdd(tx: TenantTx, branchId: string, body: QueueCreateBody) {
  const clinic = await clinicContext(tx, branchId);
  const problems = queueCreateProblems(body, {
    hasHciCode: Boolean(clinic.hciCode),
    now: clinic.now,
  });
  if (problems.length > 0) throw fieldErrors(problems);
  const patient = await repo.patientForQueue(tx, body.patientId);
  if (!patient) throw fieldError('patientId', 'patient.notFound');
  const doctor = await checkDoctor(tx, branchId, body.doctorId);
  await checkVisitPurposes(tx, body.visitPurposes, 'visitPurposes');
  const pending = await ruleStatus(tx, 'pending');
  return { clinic, patient, doctor, pending };
}

/**
 * Opens the visit an entry will belong to, and makes its doctor the patient's consulting
 * doctor (the picker preselects that doctor next time); answers the visit's id.
 */
async function openVisit(tx: TenantTx, entry: repo.NewEntry): Promise<string> {
  await rememberConsultDoctor(tx, entry.patientId, entry.doctorId);
  return visits.openVisit(tx, {
    branchId: entry.branchId,
    patientId: entry.patientId,
    doctorId: entry.doctorId,
    visitDate: entry.visitTime,
  });
}

/** Adds an existing patient to the day's queue, opening a visit. */
export async function addToQueue(
  ctx: AppContext,
  scope: BranchScope,
  body: QueueCreateBody,
): Promise<QueueEntry> {
  return scope.run(async (tx) => {
    const { clinic, patient, doctor, pending } = await checkAdd(tx, scope.branchId, body);
    const visitTime = body.isBackdate && body.visitDate !== null ? body.visitDate : clinic.now;
    const entry: repo.NewEntry = {
      branchId: scope.branchId,
      patientId: body.patientId,
      doctorId: body.doctorId,
      visitPurposes: body.visitPurposes,
      remark: body.remark,
      visitTime: new Date(visitTime * 1000),
      queueDate: clinic.dateOf(visitTime),
      status: pending.code,
      color: pending.color,
      roomName: doctor.roomName,
      areaId: doctor.areaId,
    };
    // Everything that needs no queue number comes first: taking the number locks the
    // day's counter until commit, and every add of the branch waits for that lock.
    const id = randomUUID();
    const visitId = await openVisit(tx, entry);
    const row = await repo.insertNumberedEntry(tx, { ...entry, id, visitId });
    const { doctorFirstName, doctorLastName, doctorMcr } = doctor;
    const added = repo.toQueueEntry({
      ...row,
      ...patient,
      doctorFirstName,
      doctorLastName,
      doctorMcr,
    });
    await publish(ctx, tx, scope, 'queueAdded', added);
    return added;
  });
}

export function changeVisitPurposes(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  codes: string[],
  version: number,
) {
  return change(ctx, scope, id, version, async (tx) => {
    await checkVisitPurposes(tx, codes, 'visitPurpose');
    return { visitPurposes: codes };
  });
}

/** A new room service puts the entry back to Pending, in the fixed pending colour. */
export function changeRoomService(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  roomService: string,
  version: number,
) {
  return change(ctx, scope, id, version, async (tx) => {
    const room = await findOptionByName(tx, 'roomService', roomService, scope.branchId);
    if (!room || !room.isActive) throw fieldError('roomService', 'queue.roomServiceNotHere');
    return { roomService: room.name, status: QUEUE_STATUS.pending, color: PENDING_COLOUR };
  });
}

/** The status takes the colour of the clinic's status option. */
export function changeStatus(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  status: string,
  version: number,
) {
  return change(ctx, scope, id, version, async (tx) => {
    const option = await chosenStatus(tx, status);
    return { status: option.code, color: option.color };
  });
}

export function changeRemark(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  remark: string | null,
  version: number,
) {
  return change(ctx, scope, id, version, async () => ({ remark }));
}

/** Moves the registration time within the entry's own day; never into the future with an HCI code. */
export function changeVisitTime(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  visitTime: number,
  version: number | undefined,
) {
  return change(ctx, scope, id, version, async (tx, entry) => {
    const clinic = await clinicContext(tx, scope.branchId);
    if (clinic.dateOf(visitTime) !== entry.queueDate) {
      throw fieldError('visitTime', 'queue.visitTimeOtherDay');
    }
    if (clinic.hciCode && visitTime > clinic.now + 60)
      throw fieldError('visitTime', 'queue.visitDateFuture');
    await visits.setVisitDate(tx, entry.visitId, new Date(visitTime * 1000));
    return { visitTime: new Date(visitTime * 1000) };
  });
}

/** Calls the patient in (again, for a recall): the board rings. */
export function callIn(ctx: AppContext, scope: BranchScope, id: string): Promise<QueueEntry> {
  return change(
    ctx,
    scope,
    id,
    undefined,
    async (tx, current) => {
      const consultIn = await ruleStatus(tx, 'consultIn');
      const now = new Date();
      return {
        callInTime: now,
        ...(current.consultIn === null ? { consultIn: now } : {}),
        timeOut: null,
        status: consultIn.code,
        color: consultIn.color,
      };
    },
    ['queueCalledIn', 'ring'],
  );
}

/** Time Out: the consultation is over. */
export function consultOut(ctx: AppContext, scope: BranchScope, id: string): Promise<QueueEntry> {
  return change(
    ctx,
    scope,
    id,
    undefined,
    async (tx, current) => {
      if (current.callInTime === null) throw badRequest('queue.callInFirst');
      const out = await ruleStatus(tx, 'consultOut');
      const now = new Date();
      return { consultOut: now, timeOut: now, status: out.code, color: out.color };
    },
    ['queueConsultedOut'],
  );
}

/** Deletes (voids) an entry and its visit, keeping the reason; refused once clinical records exist. */
export async function deleteEntry(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  version: number,
  reason: string,
): Promise<void> {
  await scope.run(async (tx) => {
    const entry = await activeEntry(tx, scope, id);
    if (await visits.visitHasClinicalRecords(tx, entry.visitId))
      throw badRequest('queue.deleteBlocked');
    const voided = await repo.updateEntry(tx, id, version, {
      queueStatus: -1,
      voidedReason: reason,
      voidedAt: new Date(),
    });
    if (!voided) throw conflict();
    await visits.voidVisit(tx, entry.visitId);
    const shown = { ...entry, voidedReason: reason };
    await publish(ctx, tx, scope, 'queueVoided', shown);
  });
}

/** Move up or down: swaps the sequence with another entry of the same day. */
export async function exchangeSeq(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  exchangeId: string,
  version: number,
): Promise<QueueEntry> {
  if (id === exchangeId) throw fieldError('exchangeId', 'queue.swapWithItself');
  return scope.run(async (tx) => {
    await activeEntry(tx, scope, id);
    await activeEntry(tx, scope, exchangeId).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404
        ? fieldError('exchangeId', 'queue.exchangeId')
        : error;
    });
    const locked = await repo.lockEntries(tx, [id, exchangeId]);
    const moving = locked.find((row) => row.id === id);
    const other = locked.find((row) => row.id === exchangeId);
    if (!moving || !other) throw notFound('queue.entryNotFound');
    if (moving.queueDate !== other.queueDate) throw fieldError('exchangeId', 'queue.swapOtherDay');
    if (!(await repo.updateEntry(tx, id, version, { queueSeq: other.queueSeq }))) throw conflict();
    await repo.updateEntry(tx, exchangeId, undefined, { queueSeq: moving.queueSeq });
    const updated = await reload(tx, id);
    await publish(ctx, tx, scope, 'queueUpdated', updated);
    return updated;
  });
}
