import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/api.ts';
import { contrastRatio, isHexColour } from '../common/colours.ts';
import {
  DEFAULT_QUEUE_STATUSES,
  PENDING_COLOUR,
  QUEUE_EVENTS,
  QUEUE_MESSAGES,
  QUEUE_STATUS,
  QueueCreateBody,
  QueueDeleteBody,
  QueueEntry,
  QueueIdParams,
  QueueListQuery,
  QueuePageQuery,
  QueueRecordStatus,
  QueueRemarkBody,
  QueueRoomServiceBody,
  QueueSeqBody,
  QueueStatusBody,
  QueueStatusOption,
  QueueVisitPurposesBody,
  QueueVisitTimeBody,
  RoomServiceOption,
  VisitPurposeOption,
  WaitingAreaOption,
  queueCreateBodyFor,
  queueCreateProblems,
  queueNeighbour,
  visitPurposeSummary,
} from './queue.ts';

const PATIENT_ID = '3f0c6c1e-8a51-4d1b-9b7e-2d6f0c9a4b11';
const DOCTOR_ID = '7c2a9e54-1f3b-4c8d-a6e2-5b9f1d3c7e22';
const ENTRY_ID = 'a4d1c3b2-5e6f-4a7b-8c9d-0e1f2a3b4c55';
const NOW = 1_795_000_000;

function messagesOf(schema: { safeParse(input: unknown): any }, input: unknown) {
  const result = schema.safeParse(input);
  const errors = result.success ? [] : toFieldErrors(result.error.issues);
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}

const walkIn = {
  patientId: PATIENT_ID,
  doctorId: DOCTOR_ID,
  visitPurposes: ['Consultation'],
};

describe('queue statuses', () => {
  it('seeds Pending, Consult In and Consult Out with readable colours', () => {
    const codes = DEFAULT_QUEUE_STATUSES.map((s) => s.code);
    expect(codes.slice(0, 3)).toEqual(['Pending', 'Consult In', 'Consult Out']);
    expect(new Set(codes).size).toBe(codes.length);
    for (const status of DEFAULT_QUEUE_STATUSES) {
      expect(QueueStatusOption.parse(status)).toEqual(status);
      expect(isHexColour(status.color)).toBe(true);
      expect(contrastRatio(status.color, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    }
    expect(DEFAULT_QUEUE_STATUSES[0]?.color).toBe(PENDING_COLOUR);
    expect(QUEUE_STATUS.consultIn).toBe('Consult In');
  });

  it('knows its record states and events', () => {
    expect(QueueRecordStatus).toEqual({ voided: -1, active: 0 });
    expect(QUEUE_EVENTS).toContain('queueCalledIn');
    expect(QUEUE_EVENTS).toContain('ring');
  });
});

describe('add to queue', () => {
  it('takes a walk-in with defaults', () => {
    expect(QueueCreateBody.parse(walkIn)).toEqual({
      ...walkIn,
      remark: null,
      visitDate: null,
      isBackdate: false,
    });
  });

  it('drops repeated visit purposes and trims the remark', () => {
    const parsed = QueueCreateBody.parse({
      ...walkIn,
      visitPurposes: [' Consultation ', 'Vaccination', 'Consultation'],
      remark: '  Fever since Monday ',
    });
    expect(parsed.visitPurposes).toEqual(['Consultation', 'Vaccination']);
    expect(parsed.remark).toBe('Fever since Monday');
  });

  it('names the missing fields', () => {
    expect(messagesOf(QueueCreateBody, {})).toEqual({
      patientId: 'The patient field is required.',
      doctorId: 'The doctor field is required.',
      visitPurposes: 'The visit purpose field is required.',
    });
    expect(messagesOf(QueueCreateBody, { ...walkIn, visitPurposes: [] })).toEqual({
      visitPurposes: 'The visit purpose field is required.',
    });
    expect(messagesOf(QueueCreateBody, { ...walkIn, patientId: 'tan', doctorId: 7 })).toEqual({
      patientId: 'patientId must be a patient id',
      doctorId: 'doctorId must be a doctor id',
    });
  });

  it('checks visit purpose codes and the remark length', () => {
    expect(messagesOf(QueueCreateBody, { ...walkIn, visitPurposes: ['  '] })).toEqual({
      'visitPurposes.0': 'Each visit purpose must be a code of 1 to 100 characters.',
    });
    expect(
      messagesOf(QueueCreateBody, {
        ...walkIn,
        visitPurposes: Array.from({ length: 21 }, (_, i) => `P${i}`),
      }),
    ).toEqual({ visitPurposes: 'At most 20 visit purposes can be chosen.' });
    expect(messagesOf(QueueCreateBody, { ...walkIn, remark: 'r'.repeat(1001) })).toEqual({
      remark: 'Remark cannot exceed 1000 characters',
    });
    expect(QueueCreateBody.parse({ ...walkIn, remark: 'r'.repeat(1000) }).remark).toHaveLength(
      1000,
    );
  });

  it('needs the visit date only when backdating, and keeps it only then', () => {
    expect(messagesOf(QueueCreateBody, { ...walkIn, isBackdate: true })).toEqual({
      visitDate: 'The visit date and time field is required when backdating.',
    });
    expect(QueueCreateBody.parse({ ...walkIn, isBackdate: true, visitDate: NOW }).visitDate).toBe(
      NOW,
    );
    expect(QueueCreateBody.parse({ ...walkIn, visitDate: NOW }).visitDate).toBeNull();
    expect(messagesOf(QueueCreateBody, { ...walkIn, visitDate: 1.5, isBackdate: 'yes' })).toEqual({
      visitDate: 'visitDate must be a time in whole Unix seconds',
      isBackdate: 'isBackdate must be true or false',
    });
  });

  it('refuses a future visit time for a clinic with an HCI code', () => {
    const backdated = { ...walkIn, isBackdate: true, visitDate: NOW + 3600 };
    expect(queueCreateProblems(backdated, { hasHciCode: true, now: NOW })).toEqual([
      { field: 'visitDate', message: 'Visit date cannot exceed today!' },
    ]);
    expect(queueCreateProblems(backdated, { hasHciCode: false, now: NOW })).toEqual([]);
    expect(
      queueCreateProblems({ ...backdated, visitDate: NOW + 60 }, { hasHciCode: true, now: NOW }),
    ).toEqual([]);
    expect(
      queueCreateProblems({ ...backdated, isBackdate: false }, { hasHciCode: true, now: NOW }),
    ).toEqual([]);
    const schema = queueCreateBodyFor({ hasHciCode: true, now: NOW });
    expect(messagesOf(schema, { ...backdated, doctorId: '' })).toEqual({
      doctorId: 'The doctor field is required.',
      visitDate: 'Visit date cannot exceed today!',
    });
    expect(schema.parse({ ...backdated, visitDate: NOW - 86_400 }).visitDate).toBe(NOW - 86_400);
  });

  it('names unknown fields', () => {
    expect(messagesOf(QueueCreateBody, { ...walkIn, priority: 1 })).toEqual({
      priority: 'priority is not a known field',
    });
  });
});

describe('queue list and search queries', () => {
  it('reads the day from the query string and ignores a cache-buster', () => {
    expect(QueueListQuery.parse({ visitDate: '1795000000', t: '1795000123' }).visitDate).toBe(
      1_795_000_000,
    );
    expect(QueueListQuery.parse({ visitDate: '1795000000', _: '1' }).visitDate).toBe(1_795_000_000);
    expect(messagesOf(QueueListQuery, {})).toEqual({ visitDate: 'visitDate is required' });
    expect(messagesOf(QueueListQuery, { visitDate: '' })).toEqual({
      visitDate: 'visitDate is required',
    });
    expect(messagesOf(QueueListQuery, { visitDate: 'today' })).toEqual({
      visitDate: 'visitDate must be a time in whole Unix seconds',
    });
    expect(messagesOf(QueueListQuery, { visitDate: '-5' })).toEqual({
      visitDate: 'visitDate must be a time in whole Unix seconds',
    });
    expect(messagesOf(QueueListQuery, { visitDate: '1', date: '2' })).toEqual({
      date: 'date is not a known field',
    });
  });

  it('pages one patient’s queue history, 20 a page by default', () => {
    expect(QueuePageQuery.parse({ patientID: PATIENT_ID })).toMatchObject({
      patientID: PATIENT_ID,
      doctorID: null,
      status: null,
      remark: null,
      pageIndex: 1,
      pageSize: 20,
    });
    expect(
      QueuePageQuery.parse({
        patientID: PATIENT_ID,
        doctorID: DOCTOR_ID,
        status: 'Consult Out',
        pageIndex: '3',
        pageSize: '50',
      }),
    ).toMatchObject({ doctorID: DOCTOR_ID, status: 'Consult Out', pageIndex: 3, pageSize: 50 });
    expect(messagesOf(QueuePageQuery, { doctorID: 'x', pageIndex: '0', pageSize: '101' })).toEqual({
      patientID: 'Please select a patient first.',
      doctorID: 'doctorID must be a doctor id',
      pageIndex: 'pageIndex must be a whole number of at least 1',
      pageSize: 'pageSize must be a whole number from 1 to 100',
    });
    expect(messagesOf(QueuePageQuery, { patientID: 'x', status: 'S'.repeat(101) })).toEqual({
      patientID: 'patientID must be a patient id',
      status: 'status cannot exceed 100 characters',
    });
  });
});

describe('queue updates', () => {
  it('needs at least one visit purpose', () => {
    expect(QueueVisitPurposesBody.parse({ visitPurpose: ['Review'], version: 2 })).toEqual({
      visitPurpose: ['Review'],
      version: 2,
    });
    expect(messagesOf(QueueVisitPurposesBody, { visitPurpose: [], version: 2 })).toEqual({
      visitPurpose: 'The visit purpose field is required.',
    });
    expect(messagesOf(QueueVisitPurposesBody, { version: 2 })).toEqual({
      visitPurpose: 'The visit purpose field is required.',
    });
  });

  it('needs a room service', () => {
    expect(messagesOf(QueueRoomServiceBody, { roomService: ' ', version: 1 })).toEqual({
      roomService: 'No room services data!',
    });
    expect(messagesOf(QueueRoomServiceBody, { version: 1 })).toEqual({
      roomService: 'No room services data!',
    });
    expect(messagesOf(QueueRoomServiceBody, { roomService: 'R'.repeat(201), version: 1 })).toEqual({
      roomService: 'roomService cannot exceed 200 characters',
    });
    expect(QueueRoomServiceBody.parse({ roomService: 'Room 1', version: 1 }).roomService).toBe(
      'Room 1',
    );
  });

  it('needs a status, with its colour when sent', () => {
    expect(messagesOf(QueueStatusBody, { status: '', color: '#1D4ED8', version: 1 })).toEqual({
      status: 'The status field is required.',
    });
    expect(
      messagesOf(QueueStatusBody, { status: 'Consult In', color: 'blue', version: 1 }),
    ).toEqual({ color: 'color must be a hex colour such as #1D4ED8' });
    expect(QueueStatusBody.parse({ status: 'Consult In', color: '#1d4ed8', version: 1 })).toEqual({
      status: 'Consult In',
      color: '#1d4ed8',
      version: 1,
    });
    expect(QueueStatusBody.parse({ status: 'Consult In', version: 1 }).color).toBeNull();
    expect(QueueStatusBody.parse({ status: 'Consult In', color: '', version: 1 }).color).toBeNull();
    expect(messagesOf(QueueStatusBody, { status: 'S'.repeat(101), version: 1 })).toEqual({
      status: 'status cannot exceed 100 characters',
    });
  });

  it('clears the remark with an empty one', () => {
    expect(QueueRemarkBody.parse({ remark: '', version: 4 })).toEqual({ remark: null, version: 4 });
    expect(messagesOf(QueueRemarkBody, { remark: 'r'.repeat(1001), version: 4 })).toEqual({
      remark: 'Remark cannot exceed 1000 characters',
    });
  });

  it('moves the visit time, with or without a version', () => {
    expect(QueueVisitTimeBody.parse({ id: ENTRY_ID, visitTime: NOW })).toEqual({
      id: ENTRY_ID,
      visitTime: NOW,
    });
    expect(QueueVisitTimeBody.parse({ id: ENTRY_ID, visitTime: NOW, version: 3 }).version).toBe(3);
    expect(messagesOf(QueueVisitTimeBody, { id: 'x', visitTime: '1795000000' })).toEqual({
      id: 'id must be a queue entry id',
      visitTime: 'visitTime must be a time in whole Unix seconds',
    });
    expect(messagesOf(QueueVisitTimeBody, {})).toEqual({
      id: 'id is required',
      visitTime: 'visitTime is required',
    });
  });

  it('needs a reason to delete', () => {
    expect(messagesOf(QueueDeleteBody, { version: 1, voidedReason: '   ' })).toEqual({
      voidedReason: 'Please enter a reason for deletion!',
    });
    expect(messagesOf(QueueDeleteBody, { version: 1 })).toEqual({
      voidedReason: 'Please enter a reason for deletion!',
    });
    expect(messagesOf(QueueDeleteBody, { version: 1, voidedReason: 'x'.repeat(501) })).toEqual({
      voidedReason: 'The reason for deletion cannot exceed 500 characters.',
    });
    expect(QueueDeleteBody.parse({ version: 1, voidedReason: ' Duplicate ' }).voidedReason).toBe(
      'Duplicate',
    );
    expect(QUEUE_MESSAGES.deleteBlocked).toBe(
      'This patient visit cannot be deleted. Please delete the related diagnosis or prescriptions related to this visit first.',
    );
  });

  it('swaps with another entry', () => {
    expect(QueueSeqBody.parse({ exchangeId: ENTRY_ID, version: 0 })).toEqual({
      exchangeId: ENTRY_ID,
      version: 0,
    });
    expect(messagesOf(QueueSeqBody, { exchangeId: 'next', version: -1 })).toEqual({
      exchangeId: 'exchangeId must be the id of the queue entry to swap with',
      version: 'version must be a whole number of at least 0',
    });
  });

  it('names a missing or broken version', () => {
    expect(messagesOf(QueueRemarkBody, { remark: 'x' })).toEqual({
      version: 'version is required',
    });
    expect(messagesOf(QueueRemarkBody, { remark: 'x', version: '2' })).toEqual({
      version: 'version must be a whole number of at least 0',
    });
    expect(messagesOf(QueueIdParams, { id: '42' })).toEqual({ id: 'id must be a queue entry id' });
  });
});

describe('queue answers', () => {
  it('describes an entry', () => {
    const entry = {
      id: ENTRY_ID,
      version: 3,
      queueNum: '007',
      queueSeq: 7,
      patientId: PATIENT_ID,
      patientName: 'Tan Ah Kow',
      nric: 'S1234567D',
      cardNo: 'P000123',
      companyName: null,
      doctorNameSort: 'Dr. Lim Wei Ming',
      doctorName: 'Lim Wei Ming',
      visitPurposes: ['Consultation'],
      remark: null,
      roomService: 'Room 1',
      roomName: 'Consultation Room 1',
      areaID: null,
      status: 'Consult In',
      queueStatus: 0,
      color: '#1D4ED8',
      visitDate: NOW,
      timeIn: NOW,
      timeOut: null,
      consultIn: NOW + 600,
      consultOut: null,
      callInTime: NOW + 590,
      isMCO: false,
      voidedReason: null,
    };
    expect(QueueEntry.parse(entry)).toEqual(entry);
    expect(Object.keys(QueueEntry.shape)).toHaveLength(27);
    expect(QueueEntry.safeParse({ ...entry, queueStatus: 1 }).success).toBe(false);
  });

  it('describes the options', () => {
    expect(VisitPurposeOption.parse({ code: 'Consultation' })).toEqual({ code: 'Consultation' });
    const room = { id: ENTRY_ID, name: 'Room 1', isActive: true };
    expect(RoomServiceOption.parse(room)).toEqual(room);
    const area = { id: ENTRY_ID, description: 'Level 1' };
    expect(WaitingAreaOption.parse(area)).toEqual(area);
  });
});

describe('queue screen helpers', () => {
  const rows = [
    { id: 'a', queueSeq: 1 },
    { id: 'c', queueSeq: 3 },
    { id: 'b', queueSeq: 2 },
  ];

  it('finds the row to swap with, as the list is shown (queueSeq descending)', () => {
    expect(queueNeighbour(rows, 'b', 'up')?.id).toBe('c');
    expect(queueNeighbour(rows, 'b', 'down')?.id).toBe('a');
    expect(queueNeighbour(rows, 'c', 'up')).toBeNull();
    expect(queueNeighbour(rows, 'a', 'down')).toBeNull();
    expect(queueNeighbour(rows, 'z', 'up')).toBeNull();
  });

  it('summarises visit purposes', () => {
    expect(visitPurposeSummary([])).toBe('');
    expect(visitPurposeSummary(['Consultation'])).toBe('Consultation');
    expect(visitPurposeSummary(['Consultation', 'Vaccination', 'Lab'])).toBe(
      'Consultation (+2 others)',
    );
  });

  it('keeps the spec texts of the screen and its fallbacks', () => {
    expect([
      QUEUE_MESSAGES.updateFailed,
      QUEUE_MESSAGES.deleteFailed,
      QUEUE_MESSAGES.moveUpFailed,
      QUEUE_MESSAGES.callInFailed,
      QUEUE_MESSAGES.timeOutFailed,
    ]).toEqual([
      'Update failed',
      'Delete failed',
      'Move up failed',
      'Call In failed',
      'Time Out failed',
    ]);
    expect(QUEUE_MESSAGES.labelText).toBe('PLEASE BE SEATED. YOU WILL BE SERVED SHORTLY.');
    expect(QUEUE_MESSAGES.emptyList).toBe('Sorry, nothing to display. Please add a queue');
  });
});
