/** The queue table's columns (doc 1 section 2.11), in table order; Action is always shown. */
export const QUEUE_COLUMNS = [
  'seq',
  'queueNum',
  'cardNo',
  'name',
  'nric',
  'visitPurposes',
  'remark',
  'company',
  'doctor',
  'roomService',
  'status',
  'registrationTime',
  'consultIn',
  'consultOut',
  'timeOut',
] as const;
export type QueueColumn = (typeof QUEUE_COLUMNS)[number];

/**
 * The spec's saved default set: Name, Doctor/Clinician, Status, NRIC, Queue No.,
 * Registration Time, Visit Purposes (shown in table order).
 */
export const DEFAULT_QUEUE_COLUMNS: readonly QueueColumn[] = [
  'queueNum',
  'name',
  'nric',
  'visitPurposes',
  'doctor',
  'status',
  'registrationTime',
];

/**
 * Where a user's choice is kept in the browser (the spec keeps it in browser storage):
 * one entry per user, so colleagues sharing a front-desk computer keep their own columns.
 */
export function queueColumnsKey(userId: string): string {
  return `queueColumns:${userId}`;
}

/** The user's chosen columns, in table order; the default set when none are kept. */
export function readQueueColumns(userId: string, storage: Storage = localStorage): QueueColumn[] {
  try {
    const saved = JSON.parse(storage.getItem(queueColumnsKey(userId)) ?? 'null') as unknown;
    if (Array.isArray(saved)) return QUEUE_COLUMNS.filter((column) => saved.includes(column));
  } catch {
    // A damaged value counts as none.
  }
  return [...DEFAULT_QUEUE_COLUMNS];
}

export function saveQueueColumns(
  columns: readonly QueueColumn[],
  userId: string,
  storage: Storage = localStorage,
): QueueColumn[] {
  const ordered = QUEUE_COLUMNS.filter((column) => columns.includes(column));
  storage.setItem(queueColumnsKey(userId), JSON.stringify(ordered));
  return ordered;
}

/** Adds or removes one column. */
export function toggleColumn(columns: readonly QueueColumn[], column: QueueColumn): QueueColumn[] {
  return columns.includes(column)
    ? columns.filter((shown) => shown !== column)
    : QUEUE_COLUMNS.filter((known) => known === column || columns.includes(known));
}
