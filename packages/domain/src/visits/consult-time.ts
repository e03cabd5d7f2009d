/**
 * The consultation timer and the consult time editor (doc 2 sections 2.4, 4.1 and 5
 * 'Consult time'), zod-free: the web's timer button and editor and the server read them.
 */

/** Timer states of doc 2 section 4.1: 0 not started, 1 running, -1 finished. */
export const ConsultTimerState = { notStarted: 0, running: 1, finished: -1 } as const;
export type ConsultTimerState = (typeof ConsultTimerState)[keyof typeof ConsultTimerState];

/** Existing start and end times set the timer's state directly. */
export function consultTimerState(visit: {
  consultStartTime: number | null;
  consultEndTime: number | null;
}): ConsultTimerState {
  if (visit.consultEndTime !== null) return ConsultTimerState.finished;
  if (visit.consultStartTime !== null) return ConsultTimerState.running;
  return ConsultTimerState.notStarted;
}

/**
 * The spec's words for the rules of the consult time (doc 2 section 5) and the timer, and
 * the refusals of every write to a visit's record (another branch's visit: doc 2 section 8).
 */
export const VISIT_MESSAGES = {
  notFound: 'This visit does not exist.',
  anotherBranch:
    "Current visit is from another branch. Please make sure you've selected the correct branch. ",
  voided: 'This visit has been voided: its record can be read, not changed.',
  startRequired: 'Start date and time are required.',
  endRequired: 'End date and time are required.',
  startAfterEnd: 'Start date cannot be after end date.',
  endBeforeStart: 'End date cannot be before start date.',
  endAfterToday: 'End date cannot be after today.',
  alreadyStarted: 'The consultation has already started.',
  notStarted: 'Please start the consultation first.',
  alreadyFinished: 'The consultation has already ended.',
} as const;
export type VisitMessageKey = keyof typeof VISIT_MESSAGES;

/**
 * Whether the caller may change a visit or its record (one rule for every editor of a
 * visit): a visit of another branch is refused with the spec's words, a voided one is
 * read-only.
 */
export function visitWriteRefusal(
  visit: { branchId: string; isVoided: boolean },
  currentBranchId: string,
): Extract<VisitMessageKey, 'anotherBranch' | 'voided'> | null {
  if (visit.branchId !== currentBranchId) return 'anotherBranch';
  if (visit.isVoided) return 'voided';
  return null;
}

export interface ConsultTimeProblem {
  field: 'startTime' | 'endTime';
  key: Extract<
    VisitMessageKey,
    'startRequired' | 'endRequired' | 'startAfterEnd' | 'endBeforeStart' | 'endAfterToday'
  >;
}

/**
 * Every rule the consult time breaks: both required; the start not after the end; the end
 * not before the start nor on a day after the clinic's today (`dateOf` gives a moment's
 * 'YYYY-MM-DD' on the clinic's clock). A start equal to the end is allowed.
 */
export function consultTimeProblems(
  startTime: number | null | undefined,
  endTime: number | null | undefined,
  clinic: { today: string; dateOf: (unixSeconds: number) => string },
): ConsultTimeProblem[] {
  const problems: ConsultTimeProblem[] = [];
  const hasStart = typeof startTime === 'number';
  const hasEnd = typeof endTime === 'number';
  if (!hasStart) problems.push({ field: 'startTime', key: 'startRequired' });
  if (!hasEnd) problems.push({ field: 'endTime', key: 'endRequired' });
  if (hasStart && hasEnd && startTime > endTime) {
    problems.push({ field: 'startTime', key: 'startAfterEnd' });
    problems.push({ field: 'endTime', key: 'endBeforeStart' });
  }
  if (hasEnd && clinic.dateOf(endTime) > clinic.today) {
    problems.push({ field: 'endTime', key: 'endAfterToday' });
  }
  return problems;
}
