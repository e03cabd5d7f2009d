import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoteAutosaver, type NoteSaveState } from './note-autosave.ts';

class Conflict extends Error {}

function setUp(send: (value: string, version: number) => Promise<number>) {
  const states: NoteSaveState[] = [];
  const saver = new NoteAutosaver<string>({
    send,
    isConflict: (error) => error instanceof Conflict,
    onState: (state) => states.push(state),
    delay: 800,
  });
  saver.reset('', 0);
  return { saver, states };
}

describe('the note autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, a moment after typing stops, with the version it holds', async () => {
    const send = vi.fn((_value: string, version: number) => Promise.resolve(version + 1));
    const { saver, states } = setUp(send);
    saver.change('C');
    saver.change('Co');
    saver.change('Cough');
    await vi.advanceTimersByTimeAsync(799);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('Cough', 0);
    saver.change('Cough 3 days');
    await vi.advanceTimersByTimeAsync(800);
    expect(send).toHaveBeenLastCalledWith('Cough 3 days', 1);
    expect(states.at(-1)).toBe('saved');
    expect(states).toContain('saving');
  });

  it('stops saving after a conflict, keeping the text, until reset', async () => {
    const send = vi.fn(() => Promise.reject(new Conflict()));
    const { saver, states } = setUp(send);
    saver.change('mine');
    await vi.advanceTimersByTimeAsync(800);
    expect(states.at(-1)).toBe('conflict');
    saver.change('mine, more');
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).toHaveBeenCalledTimes(1);
    saver.reset('theirs', 5);
    expect(states.at(-1)).toBe('idle');
  });

  it('tries again after a failure on the next pause', async () => {
    let fail = true;
    const send = vi.fn((_value: string, version: number) =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(version + 1),
    );
    const { saver, states } = setUp(send);
    saver.change('a');
    await vi.advanceTimersByTimeAsync(800);
    expect(states.at(-1)).toBe('failed');
    fail = false;
    await vi.advanceTimersByTimeAsync(800);
    expect(send).toHaveBeenCalledTimes(2);
    expect(states.at(-1)).toBe('saved');
  });
});
