import { multiLineString, singleLineString } from '../common/text.ts';
/**
 * The front-desk queue (doc 1 sections 2.11, 3, 4, 5 and 7): one entry per visit of the
 * day, with its status, room service, doctor and times.
 *
 * Statuses are data: a clinic keeps its own list of codes, each with a colour (console,
 * doc 3), and a status change sends the colour too. Three codes carry rules and every
 * clinic has them: Pending (a new entry, and the status a room-service change resets to),
 * Consult In (called in: shown on the queue display) and Consult Out (timed out). The
 * seed list adds Dispensing and Waiting for Payment, the usual next steps of a GP visit.
 *
 * `status` is that configurable code; `queueStatus` is the entry's own life: active, or
 * voided by a deletion (which keeps the row and its reason). Numbers follow the spec's
 * other record states (Voided -1).
 *
 * Context rules of the add-to-queue form (the visit time of a backdated visit must not be
 * in the future, for clinics with an HCI code) are `queueCreateProblems(body, context)`,
 * called by the server with the clinic's clock; `queueCreateBodyFor(context)` adds them
 * to the schema for a form. See patients/patient-create.ts for the same split.
 */
import { z } from 'zod';
import type { FieldError } from '../common/api.ts';
import { isHexColour } from '../common/colours.ts';
import {
  cacheBusters,
  fromQuery,
  optionalId,
  optionalText,
  requiredId,
  unixSeconds,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
// Constants and pure helpers live beside, free of zod, so a screen that needs only them
// does not load the schemas; they are part of this module's exports as before.
import {
  QUEUE_MESSAGES,
  QUEUE_PAGE_SIZE,
  QUEUE_PAGE_SIZE_MAX,
  QueueRecordStatus,
  REMARK_MAX,
  VISIT_PURPOSE_MAX,
  VISIT_PURPOSES_MAX,
  VISIT_TIME_SKEW_SECONDS,
  VOIDED_REASON_MAX,
} from './queue-rules.ts';
export * from './queue-rules.ts';

export const QueueStatusOption = z.object({ code: z.string(), color: z.string() });
export type QueueStatusOption = z.infer<typeof QueueStatusOption>;

export const QueueEntry = z.object({
  id: z.uuid(),
  version: z.int(),
  /** The number called out and printed on the label. */
  queueNum: z.string(),
  /** Order of the day's list (shown descending); move up and down swap it. */
  queueSeq: z.int(),
  patientId: z.uuid(),
  patientName: z.string(),
  nric: z.string().nullable(),
  cardNo: z.string().nullable(),
  companyName: z.string().nullable(),
  /** `doctorSortName`: 'Dr. ' and the name when the doctor has an MCR. */
  doctorNameSort: z.string(),
  doctorName: z.string(),
  visitPurposes: z.array(z.string()),
  remark: z.string().nullable(),
  roomService: z.string().nullable(),
  roomName: z.string().nullable(),
  areaID: z.uuid().nullable(),
  /** A status code of the clinic's list. */
  status: z.string(),
  queueStatus: z.union([z.literal(QueueRecordStatus.voided), z.literal(QueueRecordStatus.active)]),
  /** The status's colour. */
  color: z.string(),
  /** When the visit happened (registration time, or the backdated time). Unix seconds. */
  visitDate: z.int(),
  /** When the entry was added. Unix seconds, as every time below. */
  timeIn: z.int(),
  timeOut: z.int().nullable(),
  consultIn: z.int().nullable(),
  consultOut: z.int().nullable(),
  /** The last call (a recall moves it). */
  callInTime: z.int().nullable(),
  isMCO: z.boolean(),
  voidedReason: z.string().nullable(),
});
export type QueueEntry = z.infer<typeof QueueEntry>;

export const VisitPurposeOption = z.object({ code: z.string() });
export type VisitPurposeOption = z.infer<typeof VisitPurposeOption>;

export const RoomServiceOption = z.object({
  id: z.uuid(),
  name: z.string(),
  isActive: z.boolean(),
});
export type RoomServiceOption = z.infer<typeof RoomServiceOption>;

export const WaitingAreaOption = z.object({ id: z.uuid(), description: z.string() });
export type WaitingAreaOption = z.infer<typeof WaitingAreaOption>;

// ---------------------------------------------------------------------------------------
// Requests

export const QueueIdParams = z.strictObject({ id: z.uuid(QUEUE_MESSAGES.queueId) });
export type QueueIdParams = z.infer<typeof QueueIdParams>;

/** Visit purpose codes: trimmed, at least one, duplicates dropped (first kept). */
function visitPurposeList() {
  return z
    .array(
      singleLineString({ error: QUEUE_MESSAGES.visitPurposeCode })
        .trim()
        .min(1, QUEUE_MESSAGES.visitPurposeCode)
        .max(VISIT_PURPOSE_MAX, QUEUE_MESSAGES.visitPurposeCode),
      { error: QUEUE_MESSAGES.visitPurposeRequired },
    )
    .min(1, QUEUE_MESSAGES.visitPurposeRequired)
    .max(VISIT_PURPOSES_MAX, QUEUE_MESSAGES.visitPurposesTooMany)
    .transform((codes) => [...new Set(codes)]);
}

/** A remark is written in a text area: it may hold line breaks (`text.ts`). */
const remarkField = () => optionalText(REMARK_MAX, QUEUE_MESSAGES.remarkTooLong, 'multi');

export interface QueueCreateContext {
  /** The clinic has an HCI (healthcare institution) code. */
  hasHciCode: boolean;
  /** The server's clock, Unix seconds. */
  now: number;
}

/**
 * The add-to-queue rule that needs the clinic's context: with an HCI code, a backdated
 * visit time must not be in the future ('Visit date cannot exceed today!'; the spec's
 * text, though the check is on the time). A minute of clock drift is allowed.
 */
export function queueCreateProblems(
  body: { isBackdate?: unknown; visitDate?: unknown },
  context: QueueCreateContext,
): FieldError[] {
  if (
    context.hasHciCode &&
    body.isBackdate === true &&
    typeof body.visitDate === 'number' &&
    body.visitDate > context.now + VISIT_TIME_SKEW_SECONDS
  ) {
    return [{ field: 'visitDate', message: QUEUE_MESSAGES.visitDateFuture }];
  }
  return [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function buildQueueCreateBody(context: QueueCreateContext | null) {
  const runAlways = { when: (payload: { value: unknown }) => isRecord(payload.value) };
  return z
    .strictObject({
      patientId: requiredId(QUEUE_MESSAGES.patientRequired, QUEUE_MESSAGES.patientId),
      doctorId: requiredId(QUEUE_MESSAGES.doctorRequired, QUEUE_MESSAGES.doctorId),
      visitPurposes: visitPurposeList(),
      remark: remarkField(),
      visitDate: unixSeconds('visitDate').nullish(),
      isBackdate: z.boolean({ error: QUEUE_MESSAGES.isBackdate }).default(false),
    })
    .superRefine((value, ctx) => {
      if (!isRecord(value)) return;
      if (
        value.isBackdate === true &&
        (value.visitDate === undefined || value.visitDate === null)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: QUEUE_MESSAGES.visitDateRequired,
          path: ['visitDate'],
          continue: true,
        });
      }
      for (const { field, message } of context ? queueCreateProblems(value, context) : []) {
        ctx.addIssue({ code: 'custom', message, path: [field], continue: true });
      }
    }, runAlways)
    .transform((body) => ({
      ...body,
      // Without backdating the server stamps the visit with its own clock.
      visitDate: body.isBackdate ? (body.visitDate ?? null) : null,
    }));
}

/**
 * `POST /queue`: an existing patient (a new one is created first by `POST /patients`),
 * a doctor, visit purposes, an optional remark; `visitDate` only when backdating.
 */
export const QueueCreateBody = buildQueueCreateBody(null);
export type QueueCreateBody = z.infer<typeof QueueCreateBody>;
export type QueueCreateInput = z.input<typeof QueueCreateBody>;

/** The create schema with the clinic's rule added. */
export function queueCreateBodyFor(context: QueueCreateContext) {
  return buildQueueCreateBody(context);
}

/** `GET /queue`: the day's list, `visitDate` the start of the day (Unix seconds). */
export const QueueListQuery = z.strictObject({
  visitDate: fromQuery(unixSeconds('visitDate')),
  ...cacheBusters,
});
export type QueueListQuery = z.infer<typeof QueueListQuery>;

/** `GET /queue/page`: one patient's queue history (the search-by-patient dialog). */
export const QueuePageQuery = z.strictObject({
  patientID: requiredId(QUEUE_MESSAGES.searchPatientRequired, 'patientID must be a patient id'),
  doctorID: optionalId('doctorID must be a doctor id'),
  status: optionalText(100, 'status cannot exceed 100 characters'),
  remark: optionalText(REMARK_MAX, QUEUE_MESSAGES.remarkTooLong),
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(wholeNumber('pageSize', 1, QUEUE_PAGE_SIZE_MAX).default(QUEUE_PAGE_SIZE)),
  ...cacheBusters,
});
export type QueuePageQuery = z.infer<typeof QueuePageQuery>;

/** `PUT /queue/{id}/visit-purposes`. */
export const QueueVisitPurposesBody = z.strictObject({
  visitPurpose: visitPurposeList(),
  version: versionField(),
});
export type QueueVisitPurposesBody = z.infer<typeof QueueVisitPurposesBody>;

/** `PUT /queue/{id}/room-service`: the status goes back to Pending. */
export const QueueRoomServiceBody = z.strictObject({
  roomService: singleLineString({ error: QUEUE_MESSAGES.roomServiceRequired })
    .trim()
    .min(1, QUEUE_MESSAGES.roomServiceRequired)
    .max(200, 'roomService cannot exceed 200 characters'),
  version: versionField(),
});
export type QueueRoomServiceBody = z.infer<typeof QueueRoomServiceBody>;

/**
 * `PUT /queue/{id}/status`. The client sends the status's colour too; the colour of the
 * clinic's status option is the one to keep, `color` is accepted for the client's sake.
 */
export const QueueStatusBody = z.strictObject({
  status: singleLineString({ error: QUEUE_MESSAGES.statusRequired })
    .trim()
    .min(1, QUEUE_MESSAGES.statusRequired)
    .max(100, 'status cannot exceed 100 characters'),
  color: singleLineString({ error: QUEUE_MESSAGES.color })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isHexColour(value), QUEUE_MESSAGES.color),
  version: versionField(),
});
export type QueueStatusBody = z.infer<typeof QueueStatusBody>;

/** `PUT /queue/{id}/remark`: an empty remark clears it. */
export const QueueRemarkBody = z.strictObject({
  remark: remarkField(),
  version: versionField(),
});
export type QueueRemarkBody = z.infer<typeof QueueRemarkBody>;

/**
 * `PUT /queue/visit-time`. The spec's client sends no version; one may be sent, and is
 * then checked like every other update.
 */
export const QueueVisitTimeBody = z.strictObject({
  id: requiredId('id is required', QUEUE_MESSAGES.queueId),
  visitTime: unixSeconds('visitTime'),
  version: versionField().optional(),
});
export type QueueVisitTimeBody = z.infer<typeof QueueVisitTimeBody>;

/** `DELETE /queue/{id}`: voids the entry, keeping the reason. */
export const QueueDeleteBody = z.strictObject({
  version: versionField(),
  /** Typed in a text area: it may hold line breaks. */
  voidedReason: multiLineString({ error: QUEUE_MESSAGES.voidedReasonRequired })
    .trim()
    .min(1, QUEUE_MESSAGES.voidedReasonRequired)
    .max(VOIDED_REASON_MAX, QUEUE_MESSAGES.voidedReasonTooLong),
});
export type QueueDeleteBody = z.infer<typeof QueueDeleteBody>;

/** `PUT /queue/{id}/seq`: swap places (queueSeq) with the entry `exchangeId`. */
export const QueueSeqBody = z.strictObject({
  exchangeId: requiredId(QUEUE_MESSAGES.exchangeId, QUEUE_MESSAGES.exchangeId),
  version: versionField(),
});
export type QueueSeqBody = z.infer<typeof QueueSeqBody>;
