import { describe, expect, it } from 'vitest';
import { callAnnouncement, queueDisplayAnswer, type QueueDisplayEntry } from './display.ts';

let seq = 0;
function entry(overrides: Partial<QueueDisplayEntry>): QueueDisplayEntry {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    queueNum: String(seq).padStart(3, '0'),
    queueSeq: seq,
    roomService: null,
    roomName: null,
    areaID: null,
    status: 'Pending',
    queueStatus: 0,
    callInTime: null,
    timeOut: null,
    ...overrides,
  };
}

const AREA = '00000000-0000-4000-8000-00000000aaaa';

describe('the board answer', () => {
  it('splits calls, waiting line and room services, by area and ticked room services', () => {
    const waiting = entry({ areaID: AREA, roomService: 'Pharmacy' });
    const calledHere = entry({
      areaID: AREA,
      status: 'Consult In',
      callInTime: 100,
      roomService: 'Room 1',
    });
    const calledElsewhere = entry({ status: 'Consult In', callInTime: 200, roomService: 'Room 2' });
    const voided = entry({ queueStatus: -1, roomService: 'Pharmacy' });
    const all = [waiting, calledHere, calledElsewhere, voided];

    const everything = queueDisplayAnswer(all, { roomServices: [], areaID: null });
    expect(everything.current.map((e) => e.id)).toEqual([calledElsewhere.id, calledHere.id]);
    expect(everything.next.map((e) => e.id)).toEqual([waiting.id]);
    expect(everything.roomServices.map((e) => [e.roomService, e.suffix])).toEqual([
      ['Pharmacy', 'pending'],
      ['Room 1', 'in progress'],
      ['Room 2', 'in progress'],
    ]);

    const area = queueDisplayAnswer(all, { roomServices: ['pharmacy'], areaID: AREA });
    expect(area.current.map((e) => e.id)).toEqual([calledHere.id]);
    expect(area.roomServices.map((e) => e.id)).toEqual([waiting.id]);
  });

  it('keeps only what the public board may show', () => {
    const withName = { ...entry({}), patientName: 'Tan Ah Kow', nric: 'S1234567D' };
    const answer = queueDisplayAnswer([withName], { roomServices: [], areaID: null });
    expect(answer.next[0]).not.toHaveProperty('patientName');
    expect(answer.next[0]).not.toHaveProperty('nric');
  });
});

describe('the spoken call', () => {
  it('reads the number digit by digit and names the room', () => {
    expect(
      callAnnouncement({ queueNum: '007', roomName: 'Room 2', roomService: 'Consultation Room 2' }),
    ).toBe('Queue number 7, please proceed to Room 2.');
    expect(callAnnouncement({ queueNum: '123', roomName: null, roomService: 'Pharmacy' })).toBe(
      'Queue number 1 2 3, please proceed to Pharmacy.',
    );
    expect(callAnnouncement({ queueNum: '000', roomName: null, roomService: null })).toBe(
      'Queue number 0, please proceed.',
    );
  });
});
