/**
 * The consultation note's autosave, outside React: the latest text, the version read, one
 * save at a time, a save a moment after typing stops, and a stop when another user saved
 * first (409) so the user's text is never overwritten by a later save of ours.
 */
export type NoteSaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'conflict';

export interface AutosaveOptions<T> {
  /** Saves `value` over `version`; answers the new version. Rejects with `isConflict` errors on 409. */
  send: (value: T, version: number) => Promise<number>;
  isConflict: (error: unknown) => boolean;
  onState: (state: NoteSaveState) => void;
  delay: number;
}

export class NoteAutosaver<T> {
  private value: T | null = null;
  private version = 0;
  private dirty = false;
  private stopped = false;
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  private readonly options: AutosaveOptions<T>;

  constructor(options: AutosaveOptions<T>) {
    this.options = options;
  }

  /** Starts over from what the server holds (first load, or a reload after a conflict). */
  reset(value: T, version: number): void {
    clearTimeout(this.timer);
    this.value = value;
    this.version = version;
    this.dirty = false;
    this.stopped = false;
    this.options.onState('idle');
  }

  get loaded(): boolean {
    return this.value !== null;
  }

  /** The user typed: saved after `delay` without more typing. */
  change(value: T): void {
    this.value = value;
    this.dirty = true;
    if (this.stopped) return;
    this.options.onState('pending');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.delay);
  }

  /** Saves now what is unsaved (leaving a field, leaving the page). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    if (this.running) await this.running;
    if (!this.dirty || this.stopped || this.value === null) return;
    this.dirty = false;
    const value = this.value;
    this.options.onState('saving');
    this.running = this.options
      .send(value, this.version)
      .then((version) => {
        this.version = version;
        this.options.onState(this.dirty ? 'pending' : 'saved');
      })
      .catch((error: unknown) => {
        if (this.options.isConflict(error)) {
          this.stopped = true;
          this.options.onState('conflict');
        } else {
          this.dirty = true;
          this.options.onState('failed');
        }
      })
      .finally(() => {
        this.running = null;
      });
    await this.running;
    if (this.dirty && !this.stopped) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.flush(), this.options.delay);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    if (this.dirty && !this.stopped) void this.flush();
  }
}
