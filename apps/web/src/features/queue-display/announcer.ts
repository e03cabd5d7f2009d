import { callAnnouncement, type QueueDisplayEntry } from '@clinic/domain';

/** Doc 1 section 9: the chime plays, the speech follows 1.1 s later, English at rate 0.5. */
export const SPEECH_DELAY_MS = 1100;
export const SPEECH_RATE = 0.5;
export const SPEECH_LANG = 'en-GB';
/** If the browser never says the speech ended, move on after this long. */
const SPEECH_TIMEOUT_MS = 15_000;

type Call = Pick<QueueDisplayEntry, 'queueNum' | 'roomName' | 'roomService'>;

/** A two-note chime from the Web Audio API: no sound file to load or lose. */
export function playChime(context: AudioContext): void {
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.35, 660],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.6);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.65);
  }
}

function speak(text: string): Promise<void> {
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.rate = SPEECH_RATE;
    utterance.lang = SPEECH_LANG;
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, SPEECH_TIMEOUT_MS);
    utterance.onend = done;
    utterance.onerror = done;
    window.speechSynthesis.speak(utterance);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Announces calls one after another: chime, 1.1 s, the spoken sentence, then the next
 * call. None is dropped and none overlaps another.
 */
export class Announcer {
  #queue: Promise<void> = Promise.resolve();
  #context: AudioContext | undefined;
  enabled = false;

  /** Sound on or off (the board's sound switch); unlocking turns it on. */
  setEnabled(on: boolean): void {
    this.enabled = on;
  }

  /** Browsers allow sound only after a user gesture: call this from a click. */
  unlock(): void {
    this.#context ??= new AudioContext();
    void this.#context.resume();
    this.enabled = true;
  }

  announce(call: Call): Promise<void> {
    const text = callAnnouncement(call);
    this.#queue = this.#queue.then(async () => {
      if (!this.enabled || !this.#context) return;
      playChime(this.#context);
      await wait(SPEECH_DELAY_MS);
      await speak(text);
    });
    return this.#queue;
  }
}
