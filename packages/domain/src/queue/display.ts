import { singleLineString } from '../common/text.ts';
/**
 * The queue display (doc 1 sections 2.12 and 4): a board in the waiting room showing
 * which queue numbers are called to which room, and who is next.
 *
 * How we read the spec's selection rule, "only entries with a call-in time and status
 * 'Consult In' are shown. Entries whose call-in time is after their time-out, or that have
 * no time-out, appear as current. Entries with no call-in time appear as next, ordered by
 * sequence ascending":
 * - The first sentence is about calls: an entry is a current call only when it has a
 *   call-in time and its status is 'Consult In'. It then must also be called after its
 *   last time-out (a recall after a time-out moves the call-in time past it), or have no
 *   time-out. A call-in time equal to the time-out is not "after": not current.
 * - Current calls are listed newest call first (the spec gives no order; the latest call
 *   is the one people look for), ties by queueSeq.
 * - "Next" is the waiting line: no call-in time. An entry with a time-out but never
 *   called (timed out straight from the desk) is not waiting, so it is left out, as are
 *   voided entries. Any status is allowed: a waiting patient may be at a room service.
 *   Ordered by queueSeq ascending, as the spec says.
 * - Everything else (called, then moved on to another status or timed out) is not shown.
 *
 * The board is public, so its answer carries no names or identity numbers: only the
 * queue number and where to go (`QueueDisplayEntry`).
 */
import { z } from 'zod';
import {
  cacheBusters,
  fromQuery,
  optionalId,
  unixSeconds,
  versionField,
} from '../common/fields.ts';
import { QUEUE_DISPLAY_MESSAGES } from './queue-rules.ts';
import { QUEUE_STATUS, QueueEntry, QueueRecordStatus } from './queue.ts';

/** Turns the query's JSON text into a list; text that is not JSON is left to be refused. */
function parseJsonList(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return [];
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * `GET /queue/display`: the day (`visitDate`, start of day in Unix seconds), the room
 * services ticked on the board (`status`: a JSON list of names, as the spec's client sends
 * it; an empty or missing list means every room service) and an optional waiting area.
 */
export const QueueDisplayQuery = z.strictObject({
  visitDate: fromQuery(unixSeconds('visitDate')),
  status: z.preprocess(
    parseJsonList,
    z
      .array(
        singleLineString({ error: QUEUE_DISPLAY_MESSAGES.status })
          .trim()
          .min(1, QUEUE_DISPLAY_MESSAGES.status)
          .max(100, QUEUE_DISPLAY_MESSAGES.status),
        { error: QUEUE_DISPLAY_MESSAGES.status },
      )
      .max(200, QUEUE_DISPLAY_MESSAGES.status),
  ),
  areaID: optionalId(QUEUE_DISPLAY_MESSAGES.areaID),
  ...cacheBusters,
});
export type QueueDisplayQuery = z.infer<typeof QueueDisplayQuery>;

/** What the board needs of an entry, and nothing that names the patient. */
export const QueueDisplayEntry = QueueEntry.pick({
  id: true,
  queueNum: true,
  queueSeq: true,
  roomService: true,
  roomName: true,
  areaID: true,
  status: true,
  queueStatus: true,
  callInTime: true,
  timeOut: true,
});
export type QueueDisplayEntry = z.infer<typeof QueueDisplayEntry>;

/** Room-service suffix on the board: Pending 'pending', Consult In 'in progress', Consult Out 'Completed'; other statuses none. */
export function roomServiceSuffix(status: string): string | null {
  switch (status) {
    case QUEUE_STATUS.pending:
      return 'pending';
    case QUEUE_STATUS.consultIn:
      return 'in progress';
    case QUEUE_STATUS.consultOut:
      return 'Completed';
    default:
      return null;
  }
}

type BoardEntry = Pick<QueueEntry, 'queueSeq' | 'status' | 'callInTime' | 'timeOut'> & {
  queueStatus?: QueueEntry['queueStatus'];
};

/** Current calls and the waiting line (see the top of this file for the reading). */
export function queueDisplayBoard<T extends BoardEntry>(
  entries: readonly T[],
): { current: T[]; next: T[] } {
  const live = entries.filter((entry) => entry.queueStatus !== QueueRecordStatus.voided);
  const current = live
    .filter(
      (entry) =>
        entry.callInTime !== null &&
        entry.status === QUEUE_STATUS.consultIn &&
        (entry.timeOut === null || entry.callInTime > entry.timeOut),
    )
    .sort((a, b) => (b.callInTime ?? 0) - (a.callInTime ?? 0) || a.queueSeq - b.queueSeq);
  const next = live
    .filter((entry) => entry.callInTime === null && entry.timeOut === null)
    .sort((a, b) => a.queueSeq - b.queueSeq);
  return { current, next };
}

/** A room-service row of the board: where the entry goes, and how far along it is. */
export const QueueDisplayRoomEntry = QueueDisplayEntry.extend({ suffix: z.string().nullable() });
export type QueueDisplayRoomEntry = z.infer<typeof QueueDisplayRoomEntry>;

/** `GET /queue/display`: the board's three lists. */
export const QueueDisplayAnswer = z.object({
  current: z.array(QueueDisplayEntry),
  next: z.array(QueueDisplayEntry),
  roomServices: z.array(QueueDisplayRoomEntry),
});
export type QueueDisplayAnswer = z.infer<typeof QueueDisplayAnswer>;

/**
 * The board's answer from the day's entries: calls and waiting line of the chosen waiting
 * area (all areas without one), and the entries at the ticked room services (all without
 * a tick) with their suffix, by sequence.
 */
export function queueDisplayAnswer<T extends QueueDisplayEntry>(
  entries: readonly T[],
  filter: { roomServices: readonly string[]; areaID: string | null },
): QueueDisplayAnswer {
  const pick = (entry: T): QueueDisplayEntry => QueueDisplayEntry.parse(entry);
  const inArea = filter.areaID
    ? entries.filter((entry) => entry.areaID === filter.areaID)
    : entries;
  const { current, next } = queueDisplayBoard(inArea);
  const ticked = new Set(filter.roomServices.map((name) => name.toLowerCase()));
  const atRooms = entries
    .filter((entry) => entry.queueStatus !== QueueRecordStatus.voided && entry.roomService !== null)
    .filter((entry) => ticked.size === 0 || ticked.has((entry.roomService ?? '').toLowerCase()))
    .sort((a, b) => a.queueSeq - b.queueSeq);
  return {
    current: current.map(pick),
    next: next.map(pick),
    roomServices: atRooms.map((entry) => ({
      ...pick(entry),
      suffix: roomServiceSuffix(entry.status),
    })),
  };
}

/** The words the board speaks when a number is called (speech rate 0.5, English). */
export function callAnnouncement(
  entry: Pick<QueueDisplayEntry, 'queueNum' | 'roomName' | 'roomService'>,
): string {
  const number = entry.queueNum
    .replace(/^0+(?=\d)/, '')
    .split('')
    .join(' ');
  const place = entry.roomName ?? entry.roomService;
  return place
    ? `Queue number ${number}, please proceed to ${place}.`
    : `Queue number ${number}, please proceed.`;
}

// ---------------------------------------------------------------------------------------
// Display links: a long-lived, read-only link that opens one branch's board.

/** 31 Dec 9999 23:59:59 UTC: no expiry is later. */
const LAST_UNIX_SECOND = 253_402_300_799;

export const DisplayLinkCreateBody = z.strictObject({
  name: singleLineString({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name cannot exceed 100 characters.'),
  /** When the link stops working (unix seconds, in the future); null or absent: never. */
  expiresAt: z
    .int('expiresAt must be a time in unix seconds')
    .positive('expiresAt must be a time in unix seconds')
    .max(LAST_UNIX_SECOND, 'expiresAt must be a time in unix seconds')
    .nullable()
    .optional(),
});
export type DisplayLinkCreateBody = z.infer<typeof DisplayLinkCreateBody>;

export const DisplayLink = z.object({
  id: z.uuid(),
  name: z.string(),
  branchId: z.uuid(),
  createdAt: z.int(),
  revokedAt: z.int().nullable(),
  /** When it stops working (unix seconds); null: never. */
  expiresAt: z.int().nullable(),
});
export type DisplayLink = z.infer<typeof DisplayLink>;

/** Answered once, at creation and at rotation: the token is not kept and cannot be read again. */
export const IssuedDisplayLink = DisplayLink.extend({ token: z.string(), path: z.string() });
export type IssuedDisplayLink = z.infer<typeof IssuedDisplayLink>;

export const DisplayLinkParams = z.strictObject({ id: z.uuid('id must be a display link id') });

/** What a board opened by a link knows of itself. */
export const DisplayIdentity = z.object({
  branchId: z.uuid(),
  branchCode: z.string(),
  branchName: z.string(),
  clinicName: z.string(),
  /** Minutes from UTC: the board's day is the clinic's. */
  timezoneOffset: z.int(),
});
export type DisplayIdentity = z.infer<typeof DisplayIdentity>;

// ---------------------------------------------------------------------------------------
// Doctor rooms (setting 'queue/doctor-room'): the room and waiting area of each doctor.

export const DoctorRoom = z.object({
  doctorId: z.uuid(),
  doctorName: z.string(),
  roomName: z.string().nullable(),
  areaID: z.uuid().nullable(),
  version: z.int().nullable(),
});
export type DoctorRoom = z.infer<typeof DoctorRoom>;

export const DoctorRoomParams = z.strictObject({
  doctorId: z.uuid('doctorId must be a doctor id'),
});

export const DoctorRoomBody = z.strictObject({
  roomName: singleLineString({ error: 'The room name field is required.' })
    .trim()
    .min(1, 'The room name field is required.')
    .max(100, 'The room name cannot exceed 100 characters.'),
  areaID: optionalId(QUEUE_DISPLAY_MESSAGES.areaID)
    .nullish()
    .transform((value) => value ?? null),
  /** The room's version when it exists (409 when stale); absent for a doctor without one. */
  version: versionField().nullish(),
});
export type DoctorRoomBody = z.infer<typeof DoctorRoomBody>;
