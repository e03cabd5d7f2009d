import { describe, expect, it } from 'vitest';
import { clinicUnixOf } from '../../app/clinic-time.ts';
import {
  formatLabelDate,
  formatQueueDate,
  formatQueueTime,
  matchesQueueFilter,
  shiftDay,
} from './queue-format.ts';
import { CLINIC_OFFSET, queueEntry } from './test-utils.tsx';

describe('queue dates', () => {
  it('moves a day back and forth across months and years', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("shows dates and times on the clinic's clock, not the browser's", () => {
    // 16:30 UTC on 4 January is 00:30 on the 5th in the clinic (UTC+8).
    const moment = Date.UTC(2026, 0, 4, 16, 30) / 1000;
    expect(formatQueueDate(moment, CLINIC_OFFSET)).toBe('05-01-2026');
    expect(formatQueueTime(moment, CLINIC_OFFSET)).toBe('00:30');
    expect(formatQueueDate(moment, 0)).toBe('04-01-2026');
    expect(formatQueueTime(moment, 0)).toBe('16:30');
  });

  it('formats the label date as DD/MMM/YYYY HH:mm:ss and empty times as nothing', () => {
    const visit = clinicUnixOf('2026-01-05', '09:07', CLINIC_OFFSET)! + 5;
    expect(formatLabelDate(visit, CLINIC_OFFSET)).toBe('05/Jan/2026 09:07:05');
    expect(formatQueueTime(null, CLINIC_OFFSET)).toBe('');
    expect(formatQueueDate(null, CLINIC_OFFSET)).toBe('');
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
