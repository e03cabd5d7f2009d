import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Progress } from './progress.ts';

/** PostgreSQL's text COPY format: tab-separated, `\N` for NULL. */
export const NULL = '\\N';

/** Escapes the characters the text format gives a meaning to. */
export function text(value: string | null): string {
  if (value === null) return NULL;
  return /[\\\t\n\r]/.test(value)
    ? value.replace(
        /[\\\t\n\r]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!,
      )
    : value;
}

/** A text[] value, e.g. {Consultation,"Medical Certificate"}. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => (/^[\w-]+$/.test(v) ? v : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/** Lines joined into chunks, so the stream moves kilobytes rather than single rows. */
function* chunks(lines: Iterable<string>, progress: Progress): Generator<string> {
  let batch: string[] = [];
  for (const line of lines) {
    batch.push(line);
    if (batch.length === 2000) {
      progress.add(batch.length);
      yield batch.join('');
      batch = [];
    }
  }
  if (batch.length > 0) {
    progress.add(batch.length);
    yield batch.join('');
  }
}

/**
 * Streams lines (each ending in a newline) into a table with COPY ... FROM STDIN.
 * `freeze` writes the rows already frozen and visible: only for a table truncated in the
 * same transaction, and it saves the vacuum a bulk load otherwise needs before reads.
 */
export async function copyLines(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  lines: Iterable<string>,
  progress: Progress,
  options: { freeze?: boolean } = {},
): Promise<void> {
  const freeze = options.freeze ? ', FREEZE true' : '';
  const statement = `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT text${freeze})`;
  await pipeline(
    Readable.from(chunks(lines, progress)),
    client.query(copyFrom(statement, { highWaterMark: 8 * 1024 * 1024 })),
  );
}
