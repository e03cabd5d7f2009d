/** Counts rows of one load step and prints the count and rate every few seconds. */
export interface Progress {
  add(rows: number): void;
  /** Prints the final line and answers rows and seconds. */
  done(): { rows: number; seconds: number };
}

const PRINT_EVERY_MS = 5000;

const format = (n: number) => Math.round(n).toLocaleString('en-US');

export function progress(label: string, log: (line: string) => void = console.log): Progress {
  const started = performance.now();
  let rows = 0;
  let printed = started;
  return {
    add(count) {
      rows += count;
      const now = performance.now();
      if (now - printed >= PRINT_EVERY_MS) {
        printed = now;
        log(`  ${label}: ${format(rows)} rows, ${format(rows / ((now - started) / 1000))} rows/s`);
      }
    },
    done() {
      const seconds = (performance.now() - started) / 1000;
      log(
        `  ${label}: ${format(rows)} rows in ${seconds.toFixed(1)} s (${format(rows / Math.max(seconds, 0.001))} rows/s)`,
      );
      return { rows, seconds };
    },
  };
}
