import { describe, expect, it } from 'vitest';
import {
  atTimeOfDay,
  dayStartOf,
  formatLabelDate,
  formatQueueDate,
  formatQueueTime,
  matchesQueueFilter,
  shiftDay,
  unixOf,
} from './queue-format.ts';
import { queueEntry } from './test-utils.tsx';

describe('queue dates', () => {
  it('moves a day back and forth across months and years', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('asks for a day by its first moment, in local time', () => {
    const start = dayStartOf('2026-01-05');
    expect(formatQueueDate(start)).toBe('05-01-2026');
    expect(formatQueueTime(start)).toBe('00:00');
    expect(dayStartOf('2026-01-06') - start).toBe(86_400);
  });

  it('joins a date and a time, and refuses a half-typed time', () => {
    expect(unixOf('2026-01-05', '14:30')! - dayStartOf('2026-01-05')).toBe(14.5 * 3600);
    expect(unixOf('2026-01-05', '14:3')).toBeNull();
    expect(unixOf('2026-01-05', '25:00')).toBeNull();
    expect(unixOf(null, '14:30')).toBeNull();
  });

  it('moves a visit to another time of the same day', () => {
    const visit = unixOf('2026-01-05', '09:15')!;
    expect(atTimeOfDay(visit, '17:40')).toBe(unixOf('2026-01-05', '17:40'));
  });

  it('formats the label date as DD/MMM/YYYY HH:mm:ss and empty times as nothing', () => {
    expect(formatLabelDate(unixOf('2026-01-05', '09:07')! + 5)).toBe('05/Jan/2026 09:07:05');
    expect(formatQueueTime(null)).toBe('');
    expect(formatQueueDate(null)).toBe('');
  });
});

describe('queue list filter', () => {
  const entry = queueEntry({
    queueNum: 'A012',
    patientName: 'Tan Ah Kow',
    nric: 'S1234567D',
    visitPurposes: ['Consultation', 'Vaccination'],
    remark: 'Fever since Monday',
  });

  it('keeps every row without words', () => {
    expect(matchesQueueFilter(entry, '  ')).toBe(true);
  });

  it('needs every word somewhere in the row, in any letter case', () => {
    expect(matchesQueueFilter(entry, 'tan a012')).toBe(true);
    expect(matchesQueueFilter(entry, 'vaccination fever')).toBe(true);
    expect(matchesQueueFilter(entry, 's1234567d')).toBe(true);
    expect(matchesQueueFilter(entry, 'tan lee')).toBe(false);
  });
});
