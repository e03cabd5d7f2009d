import { QUEUE_EVENTS, type QueueEventCode } from './queue-rules.ts';

/** Where a queue entry goes: what every socket learns of it (doc 1 section 4). */
export interface QueueEventData {
  id: string;
  queueNum: string;
  branchId: string;
  status: string;
  roomService: string | null;
  roomName: string | null;
  areaID: string | null;
  /** Staff sockets only: a display board is never told who. */
  patientName?: string;
}

/** Events that carry a sentence for the people at the queue screen. */
export type AnnouncedQueueEvent = 'queueVoided' | 'queueCalledIn' | 'queueConsultedOut';

/** The consult timer's events (doc 2 section 4.1): staff sockets only, never a board. */
export const VISIT_EVENTS = ['consultIn', 'consultOut'] as const;
export type VisitEventCode = (typeof VISIT_EVENTS)[number];

/** A visit whose consultation started or stopped, and when (Unix seconds). */
export interface VisitEventData {
  id: string;
  branchId: string;
  patientId: string;
  time: number;
}

/**
 * A message of the notification socket, one member per `eventCode`. `message` is the
 * sentence of an announced event (null on a display board); other events carry none.
 */
export type NotificationEvent =
  | {
      [C in QueueEventCode]: {
        eventCode: C;
        data: QueueEventData;
        message: C extends AnnouncedQueueEvent ? string | null : null;
      };
    }[QueueEventCode]
  | {
      [C in VisitEventCode]: { eventCode: C; data: VisitEventData; message: null };
    }[VisitEventCode];

/** Whether an event is one of the consult timer's. */
export function isVisitEvent(
  event: NotificationEvent,
): event is Extract<NotificationEvent, { eventCode: VisitEventCode }> {
  return VISIT_EVENTS.some((code) => code === event.eventCode);
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** Whether a parsed socket message is a notification event this client knows. */
export function isNotificationEvent(value: unknown): value is NotificationEvent {
  if (!isObject(value) || !('eventCode' in value) || !('data' in value)) return false;
  const { eventCode, data } = value;
  return (
    [...QUEUE_EVENTS, ...VISIT_EVENTS].some((code) => code === eventCode) &&
    isObject(data) &&
    'id' in data &&
    typeof data.id === 'string'
  );
}
