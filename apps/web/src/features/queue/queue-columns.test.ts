import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_QUEUE_COLUMNS,
  queueColumnsKey,
  readQueueColumns,
  saveQueueColumns,
  toggleColumn,
} from './queue-columns.ts';

const GRACE = '0b7e3f7a-1111-4a2b-8c3d-4e5f60718293';
const DESMOND = '9a8b7c6d-2222-4e5f-8a9b-0c1d2e3f4a5b';

describe('queue columns', () => {
  beforeEach(() => localStorage.clear());

  // The default columns as a user sees them are checked in QueuePage.test.tsx.
  it('starts from the default set, as a copy the caller may change', () => {
    const columns = readQueueColumns(GRACE);
    expect(columns).toEqual(DEFAULT_QUEUE_COLUMNS);
    columns.pop();
    expect(readQueueColumns(GRACE)).toEqual(DEFAULT_QUEUE_COLUMNS);
  });

  it('keeps the choice in table order and drops names it does not know', () => {
    localStorage.setItem(queueColumnsKey(GRACE), JSON.stringify(['status', 'seq', 'shoeSize']));
    expect(readQueueColumns(GRACE)).toEqual(['seq', 'status']);
  });

  it('falls back to the default set when the stored value is damaged', () => {
    localStorage.setItem(queueColumnsKey(GRACE), '{not json');
    expect(readQueueColumns(GRACE)).toEqual(DEFAULT_QUEUE_COLUMNS);
  });

  it('toggles one column and saves the result', () => {
    const added = toggleColumn(['name', 'status'], 'seq');
    expect(added).toEqual(['seq', 'name', 'status']);
    expect(toggleColumn(added, 'name')).toEqual(['seq', 'status']);
    saveQueueColumns(['timeOut', 'seq'], GRACE);
    expect(localStorage.getItem(queueColumnsKey(GRACE))).toBe('["seq","timeOut"]');
    expect(readQueueColumns(GRACE)).toEqual(['seq', 'timeOut']);
  });

  it("keeps each user's choice apart", () => {
    saveQueueColumns(['seq', 'name'], GRACE);
    expect(readQueueColumns(DESMOND)).toEqual(DEFAULT_QUEUE_COLUMNS);
    saveQueueColumns(['status'], DESMOND);
    expect(readQueueColumns(GRACE)).toEqual(['seq', 'name']);
    expect(readQueueColumns(DESMOND)).toEqual(['status']);
  });
});
