import { describe, expect, it } from 'vitest';
import {
  ConsultTimerState,
  consultTimeProblems,
  consultTimerState,
  visitWriteRefusal,
} from './consult-time.ts';

// The clinic's clock at UTC+8: 2026-11-25 is today there.
const offset = 8 * 3600;
const dateOf = (seconds: number) => new Date((seconds + offset) * 1000).toISOString().slice(0, 10);
const clinic = { today: '2026-11-25', dateOf };
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);

describe('the consult timer', () => {
  it('takes its state from the times the visit holds', () => {
    expect(consultTimerState({ consultStartTime: null, consultEndTime: null })).toBe(
      ConsultTimerState.notStarted,
    );
    expect(consultTimerState({ consultStartTime: 10, consultEndTime: null })).toBe(1);
    expect(consultTimerState({ consultStartTime: 10, consultEndTime: 20 })).toBe(-1);
  });
});

describe('the consult time rules', () => {
  it('accepts a start before or equal to an end of today or earlier', () => {
    expect(consultTimeProblems(at('2026-11-25T09:00'), at('2026-11-25T09:20'), clinic)).toEqual([]);
    expect(consultTimeProblems(at('2026-11-20T09:00'), at('2026-11-20T09:00'), clinic)).toEqual([]);
    expect(consultTimeProblems(at('2026-11-25T23:00'), at('2026-11-25T23:59'), clinic)).toEqual([]);
  });

  it('requires both', () => {
    expect(consultTimeProblems(null, undefined, clinic)).toEqual([
      { field: 'startTime', key: 'startRequired' },
      { field: 'endTime', key: 'endRequired' },
    ]);
  });

  it('refuses a start after the end, on both fields', () => {
    expect(consultTimeProblems(at('2026-11-25T10:00'), at('2026-11-25T09:00'), clinic)).toEqual([
      { field: 'startTime', key: 'startAfterEnd' },
      { field: 'endTime', key: 'endBeforeStart' },
    ]);
  });

  it("refuses an end after the clinic's today", () => {
    expect(consultTimeProblems(at('2026-11-25T10:00'), at('2026-11-26T00:00'), clinic)).toEqual([
      { field: 'endTime', key: 'endAfterToday' },
    ]);
  });
});

describe('visitWriteRefusal', () => {
  it('refuses another branch first, then a voided visit', () => {
    expect(visitWriteRefusal({ branchId: 'a', isVoided: false }, 'a')).toBeNull();
    expect(visitWriteRefusal({ branchId: 'b', isVoided: true }, 'a')).toBe('anotherBranch');
    expect(visitWriteRefusal({ branchId: 'a', isVoided: true }, 'a')).toBe('voided');
  });
});
