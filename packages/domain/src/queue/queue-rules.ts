/**
 * The queue's constants, messages and pure helpers (see queue.ts for the schemas). They
 * import no zod, so the queue screen and the socket client can use them without the schemas.
 */
import type { QueueStatusOption } from './queue.ts';

export const QUEUE_STATUS = {
  pending: 'Pending',
  consultIn: 'Consult In',
  consultOut: 'Consult Out',
} as const;

export const QUEUE_STATUS_COLOUR = {
  pending: '#B45309',
  consultIn: '#1D4ED8',
  consultOut: '#15803D',
} as const;

/** The colour a room-service change resets the status with. */
export const PENDING_COLOUR = QUEUE_STATUS_COLOUR.pending;

/** The statuses a new clinic starts with, in workflow order. */
export const DEFAULT_QUEUE_STATUSES: readonly QueueStatusOption[] = [
  { code: QUEUE_STATUS.pending, color: QUEUE_STATUS_COLOUR.pending },
  { code: QUEUE_STATUS.consultIn, color: QUEUE_STATUS_COLOUR.consultIn },
  { code: QUEUE_STATUS.consultOut, color: QUEUE_STATUS_COLOUR.consultOut },
  { code: 'Dispensing', color: '#7E22CE' },
  { code: 'Waiting for Payment', color: '#B91C1C' },
];

/** The entry's own life (`queueStatus`). */
export const QueueRecordStatus = { voided: -1, active: 0 } as const;
export type QueueRecordStatus = (typeof QueueRecordStatus)[keyof typeof QueueRecordStatus];

/** Real-time events of the queue (ARCHITECTURE.md section 6). */
export const QUEUE_EVENTS = [
  'queueAdded',
  'queueUpdated',
  'queueVoided',
  'queueCalledIn',
  'queueConsultedOut',
  'ring',
] as const;
export type QueueEventCode = (typeof QUEUE_EVENTS)[number];

export const REMARK_MAX = 1000;
export const VOIDED_REASON_MAX = 500;
export const VISIT_PURPOSE_MAX = 100;
export const VISIT_PURPOSES_MAX = 20;
export const QUEUE_PAGE_SIZE = 20;
export const QUEUE_PAGE_SIZE_MAX = 100;
/** Room services and waiting areas are fetched in one page of this size. */
export const QUEUE_LOOKUP_PAGE_SIZE = 999;
/** A backdated visit time may be this far past the server's clock (clocks drift). */
export const VISIT_TIME_SKEW_SECONDS = 60;

export const QUEUE_MESSAGES = {
  patientRequired: 'The patient field is required.',
  patientId: 'patientId must be a patient id',
  doctorRequired: 'The doctor field is required.',
  doctorId: 'doctorId must be a doctor id',
  visitPurposeRequired: 'The visit purpose field is required.',
  visitPurposeCode: `Each visit purpose must be a code of 1 to ${VISIT_PURPOSE_MAX} characters.`,
  visitPurposesTooMany: `At most ${VISIT_PURPOSES_MAX} visit purposes can be chosen.`,
  remarkTooLong: `Remark cannot exceed ${REMARK_MAX} characters`,
  visitDateRequired: 'The visit date and time field is required when backdating.',
  visitDateFuture: 'Visit date cannot exceed today!',
  isBackdate: 'isBackdate must be true or false',
  statusRequired: 'The status field is required.',
  color: 'color must be a hex colour such as #1D4ED8',
  roomServiceRequired: 'No room services data!',
  voidedReasonRequired: 'Please enter a reason for deletion!',
  voidedReasonTooLong: `The reason for deletion cannot exceed ${VOIDED_REASON_MAX} characters.`,
  exchangeId: 'exchangeId must be the id of the queue entry to swap with',
  queueId: 'id must be a queue entry id',
  searchPatientRequired: 'Please select a patient first.',
  deleteBlocked:
    'This patient visit cannot be deleted. Please delete the related diagnosis or prescriptions related to this visit first.',
  emptyList: 'Sorry, nothing to display. Please add a queue',
  labelText: 'PLEASE BE SEATED. YOU WILL BE SERVED SHORTLY.',
  updateFailed: 'Update failed',
  deleteFailed: 'Delete failed',
  moveUpFailed: 'Move up failed',
  callInFailed: 'Call In failed',
  timeOutFailed: 'Time Out failed',
} as const;

/** Refusals of the board's query (`GET /queue/display`). */
export const QUEUE_DISPLAY_MESSAGES = {
  status: 'status must be a JSON list of room service names, such as ["Consultation"]',
  areaID: 'areaID must be a waiting area id',
} as const;

// ---------------------------------------------------------------------------------------
// Answers

// ---------------------------------------------------------------------------------------
// Pure helpers of the queue screen

/**
 * The entry to swap with when moving `id` up or down the list as shown (queueSeq
 * descending: up is the neighbour with the next higher queueSeq). Null on the first row
 * for up and the last row for down (those menu items are disabled), or for an unknown id.
 */
export function queueNeighbour<T extends { id: string; queueSeq: number }>(
  entries: readonly T[],
  id: string,
  direction: 'up' | 'down',
): T | null {
  const shown = [...entries].sort((a, b) => b.queueSeq - a.queueSeq);
  const index = shown.findIndex((entry) => entry.id === id);
  if (index === -1) return null;
  return shown[direction === 'up' ? index - 1 : index + 1] ?? null;
}

/** The visit purpose cell: the first code plus '(+N others)' (the spec's wording, N ≥ 1). */
export function visitPurposeSummary(codes: readonly string[]): string {
  const [first, ...rest] = codes;
  if (first === undefined) return '';
  return rest.length === 0 ? first : `${first} (+${rest.length} others)`;
}
