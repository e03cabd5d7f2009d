import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { multiLineString, singleLineString, type TextLines } from './text.ts';

/**
 * Field schemas shared by the request schemas of every feature. Each takes the texts a
 * caller should see, so every failure of a field (missing, wrong type, broken rule) names
 * the field; `toFieldErrors` keeps these texts as they are.
 */

/** A message for a missing value, another for a value of the wrong shape. */
function missingOr(missing: string, wrong: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? missing : wrong;
}

/** A text field of one line (the default) or of several: control characters refused (`text.ts`). */
function textString(lines: TextLines, params?: Parameters<typeof z.string>[0]) {
  return lines === 'single' ? singleLineString(params) : multiLineString(params);
}

/** Required text, trimmed: missing, null, blank and non-text all give `required`. */
export function requiredText(
  required: string,
  max: number,
  tooLong: string,
  lines: TextLines = 'single',
) {
  return textString(lines, { error: required }).trim().min(1, required).max(max, tooLong);
}

/** Optional text, trimmed: absent, null and blank all become null. */
export function optionalText(max: number, tooLong: string, lines: TextLines = 'single') {
  return textString(lines)
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A required id: missing or blank gives `required`, anything but a uuid gives `invalid`. */
export function requiredId(required: string, invalid: string) {
  return z
    .string({ error: missingOr(required, invalid) })
    .trim()
    .min(1, required)
    .pipe(z.uuid(invalid));
}

/** An optional id: absent, null or blank become null; anything but a uuid gives `invalid`. */
export function optionalId(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.uuid(invalid).nullable());
}

/** A whole number between `min` and `max`, named `field` in every message. */
export function wholeNumber(field: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  const range =
    max === Number.MAX_SAFE_INTEGER
      ? `${field} must be a whole number of at least ${min}`
      : `${field} must be a whole number from ${min} to ${max}`;
  return z
    .int({ error: missingOr(`${field} is required`, range) })
    .min(min, range)
    .max(max, range);
}

/** The record version read before an update (optimistic concurrency). */
export function versionField() {
  return wholeNumber('version', 0);
}

/** Latest time accepted anywhere: the last second of 9999. */
export const UNIX_SECONDS_MAX = 253_402_300_799;

/** A point in time as whole Unix seconds. */
export function unixSeconds(field: string) {
  const wrong = `${field} must be a time in whole Unix seconds`;
  return z
    .int({ error: missingOr(`${field} is required`, wrong) })
    .min(0, wrong)
    .max(UNIX_SECONDS_MAX, wrong);
}

/** A calendar date 'YYYY-MM-DD'. */
export function isoDate(required: string, wrong: string) {
  return singleLineString({ error: required })
    .trim()
    .min(1, required)
    .refine(isIsoDate, { message: wrong });
}

/**
 * Query strings arrive as text: a whole number written in digits becomes a number, an
 * empty value counts as absent, anything else is left for the schema to refuse.
 */
export function fromQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return /^-?\d+$/.test(text) ? Number(text) : value;
  }, schema);
}

/**
 * Cache-busters a client may add to a GET (`t` or `_`, any value): accepted and ignored,
 * so a strict query schema still refuses misspelt parameters.
 */
export const cacheBusters = {
  t: z.unknown().optional(),
  _: z.unknown().optional(),
};
