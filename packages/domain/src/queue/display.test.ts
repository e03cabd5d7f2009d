import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/api.ts';
import {
  QueueDisplayEntry,
  QueueDisplayQuery,
  queueDisplayBoard,
  roomServiceSuffix,
} from './display.ts';

const AREA_ID = 'b5e2d4c3-6f7a-4b8c-9d0e-1f2a3b4c5d66';
const T = 1_795_000_000;

function messagesOf(input: unknown) {
  const result = QueueDisplayQuery.safeParse(input);
  const errors = result.success ? [] : toFieldErrors(result.error.issues);
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}

interface Row {
  queueNum: string;
  queueSeq: number;
  status: string;
  callInTime: number | null;
  timeOut: number | null;
  queueStatus?: -1 | 0;
}

function row(queueNum: string, queueSeq: number, rest: Partial<Row> = {}): Row {
  return { queueNum, queueSeq, status: 'Pending', callInTime: null, timeOut: null, ...rest };
}

describe('room service suffix', () => {
  it('follows the status', () => {
    expect(roomServiceSuffix('Pending')).toBe('pending');
    expect(roomServiceSuffix('Consult In')).toBe('in progress');
    expect(roomServiceSuffix('Consult Out')).toBe('Completed');
    expect(roomServiceSuffix('Dispensing')).toBeNull();
  });
});

describe('queue display board', () => {
  it('shows called-in entries as current, newest call first', () => {
    const board = queueDisplayBoard([
      row('001', 1, { status: 'Consult In', callInTime: T }),
      row('002', 2, { status: 'Consult In', callInTime: T + 60 }),
    ]);
    expect(board.current.map((r) => r.queueNum)).toEqual(['002', '001']);
    expect(board.next).toEqual([]);
  });

  it('shows a recall after a time-out as current, but not a timed-out call', () => {
    const board = queueDisplayBoard([
      row('003', 3, { status: 'Consult In', callInTime: T + 120, timeOut: T + 60 }),
      row('004', 4, { status: 'Consult In', callInTime: T, timeOut: T + 60 }),
      row('005', 5, { status: 'Consult In', callInTime: T, timeOut: T }),
    ]);
    expect(board.current.map((r) => r.queueNum)).toEqual(['003']);
    expect(board.next).toEqual([]);
  });

  it('shows calls only in status Consult In', () => {
    const board = queueDisplayBoard([
      row('006', 6, { status: 'Consult Out', callInTime: T }),
      row('007', 7, { status: 'Dispensing', callInTime: T }),
    ]);
    expect(board).toEqual({ current: [], next: [] });
  });

  it('lists entries never called as next, by queueSeq ascending', () => {
    const board = queueDisplayBoard([
      row('012', 12),
      row('010', 10, { status: 'Consult In' }),
      row('011', 11, { status: 'Dispensing' }),
      row('013', 13, { timeOut: T }),
      row('014', 14, { queueStatus: -1 }),
      row('009', 9, { status: 'Consult In', callInTime: T }),
    ]);
    expect(board.next.map((r) => r.queueNum)).toEqual(['010', '011', '012']);
    expect(board.current.map((r) => r.queueNum)).toEqual(['009']);
  });

  it('leaves voided calls out', () => {
    const board = queueDisplayBoard([
      row('015', 15, { status: 'Consult In', callInTime: T, queueStatus: -1 }),
    ]);
    expect(board.current).toEqual([]);
  });

  it('answers without patient names or ids', () => {
    expect(Object.keys(QueueDisplayEntry.shape)).not.toContain('patientName');
    expect(Object.keys(QueueDisplayEntry.shape)).not.toContain('nric');
  });
});

describe('queue display query', () => {
  it('reads the room services from JSON', () => {
    expect(
      QueueDisplayQuery.parse({
        visitDate: String(T),
        status: '["Room 1"," Room 2 "]',
        areaID: AREA_ID,
        t: '5',
      }),
    ).toEqual({ visitDate: T, status: ['Room 1', 'Room 2'], areaID: AREA_ID, t: '5' });
  });

  it('takes a missing or empty list as every room service', () => {
    expect(QueueDisplayQuery.parse({ visitDate: String(T) })).toEqual({
      visitDate: T,
      status: [],
      areaID: null,
    });
    expect(
      QueueDisplayQuery.parse({ visitDate: String(T), status: '[]', areaID: '' }).status,
    ).toEqual([]);
  });

  it('refuses what is not a JSON list of names', () => {
    const status = 'status must be a JSON list of room service names, such as ["Consultation"]';
    expect(messagesOf({ visitDate: String(T), status: 'Room 1' })).toEqual({ status });
    expect(messagesOf({ visitDate: String(T), status: '{"a":1}' })).toEqual({ status });
    expect(messagesOf({ visitDate: String(T), status: '["Room 1", ""]' })).toEqual({
      'status.1': status,
    });
    expect(messagesOf({ visitDate: String(T), status: '[1]' })).toEqual({ 'status.0': status });
    expect(messagesOf({ visitDate: String(T), areaID: 'lobby' })).toEqual({
      areaID: 'areaID must be a waiting area id',
    });
    expect(messagesOf({})).toEqual({ visitDate: 'visitDate is required' });
  });
});
