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
import { cacheBusters, fromQuery, optionalId, unixSeconds } from '../common/fields.ts';
import { QUEUE_STATUS, QueueEntry, QueueRecordStatus } from './queue.ts';

export const QUEUE_DISPLAY_MESSAGES = {
  status: 'status must be a JSON list of room service names, such as ["Consultation"]',
  areaID: 'areaID must be a waiting area id',
} as const;

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
        z
          .string({ error: QUEUE_DISPLAY_MESSAGES.status })
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
