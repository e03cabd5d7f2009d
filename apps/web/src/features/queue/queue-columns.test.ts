import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_QUEUE_COLUMNS,
  QUEUE_COLUMNS_KEY,
  readQueueColumns,
  saveQueueColumns,
  toggleColumn,
} from './queue-columns.ts';

describe('queue columns', () => {
  beforeEach(() => localStorage.clear());

  // The default columns as a user sees them are checked in QueuePage.test.tsx.
  it('starts from the default set, as a copy the caller may change', () => {
    const columns = readQueueColumns();
    expect(columns).toEqual(DEFAULT_QUEUE_COLUMNS);
    columns.pop();
    expect(readQueueColumns()).toEqual(DEFAULT_QUEUE_COLUMNS);
  });

  it('keeps the choice in table order and drops names it does not know', () => {
    localStorage.setItem(QUEUE_COLUMNS_KEY, JSON.stringify(['status', 'seq', 'shoeSize']));
    expect(readQueueColumns()).toEqual(['seq', 'status']);
  });

  it('falls back to the default set when the stored value is damaged', () => {
    localStorage.setItem(QUEUE_COLUMNS_KEY, '{not json');
    expect(readQueueColumns()).toEqual(DEFAULT_QUEUE_COLUMNS);
  });

  it('toggles one column and saves the result', () => {
    const added = toggleColumn(['name', 'status'], 'seq');
    expect(added).toEqual(['seq', 'name', 'status']);
    expect(toggleColumn(added, 'name')).toEqual(['seq', 'status']);
    saveQueueColumns(['timeOut', 'seq']);
    expect(localStorage.getItem(QUEUE_COLUMNS_KEY)).toBe('["seq","timeOut"]');
    expect(readQueueColumns()).toEqual(['seq', 'timeOut']);
  });
});
