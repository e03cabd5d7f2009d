import { z } from 'zod';

/**
 * One rule for the characters free text may hold (security issue 21). Names, clinic names,
 * codes and every other single-line field go into mails, labels and prints: a line break
 * there can forge a mail header line or a second label line, and other control characters
 * are invisible. Single-line text refuses C0 controls (tab, line feed and carriage return
 * included), DEL, C1 controls and the line and paragraph separators (U+2028, U+2029).
 * Multi-line text (a queue remark, a void reason) keeps line feeds only: `\r\n` and a
 * lone `\r` become `\n` first, and every other of those characters is refused.
 */
// Control characters are what these patterns are about.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_REFUSED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_REFUSED = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/u;

export type TextLines = 'single' | 'multi';

/** Whether `value` holds none of the characters text of that kind refuses. */
export function isCleanText(value: string, lines: TextLines = 'single'): boolean {
  return !(lines === 'single' ? SINGLE_LINE_REFUSED : MULTI_LINE_REFUSED).test(value);
}

/** Line breaks as one `\n`, whatever the browser or the platform sent. */
export function normaliseLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

/**
 * The refusal code the issue carries; `toFieldErrors` answers it with a message that names
 * the field ('clinic must be on one line, without control characters').
 */
export const TEXT_REFUSAL = {
  single: 'field.singleLine',
  multi: 'field.controlCharacters',
} as const;

/** The words of the issue where no field name is at hand (a form's own check). */
export const TEXT_ISSUE_MESSAGE = {
  single: 'This must be on one line, without control characters.',
  multi: 'This must not contain control characters.',
} as const;

type StringParams = Parameters<typeof z.string>[0];

/**
 * A text field of one line: `z.string(params)` that refuses control characters before any
 * other rule of the field (trim, length) sees the value. Every single-line text of a
 * request is built on it (the contract sweep in `text.test.ts` checks each one).
 */
export function singleLineString(params?: StringParams) {
  return z.string(params).refine((value) => isCleanText(value, 'single'), {
    message: TEXT_ISSUE_MESSAGE.single,
    params: { refusal: TEXT_REFUSAL.single },
    abort: true,
  });
}

/** A text field of several lines: line breaks normalised to `\n`, other controls refused. */
export function multiLineString(params?: StringParams) {
  return z
    .string(params)
    .overwrite(normaliseLineBreaks)
    .refine((value) => isCleanText(value, 'multi'), {
      message: TEXT_ISSUE_MESSAGE.multi,
      params: { refusal: TEXT_REFUSAL.multi },
      abort: true,
    });
}
