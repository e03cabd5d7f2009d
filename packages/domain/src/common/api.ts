import type { z } from 'zod';
import { FIELD_REFUSALS } from './field-refusals.ts';
import { keyOfMessage } from './messages.ts';
import type { RefusalCode } from './refusals.ts';

/** One bad field; `code` is the rule it breaks (`refusals.ts`) where known. */
export interface FieldError {
  field: string;
  message: string;
  code?: RefusalCode;
}

/** A bad field as the API answers it: always with its rule's code. */
export type ApiFieldError = Required<FieldError>;

/**
 * The failure envelope (ARCHITECTURE.md section 4): `code` names the rule that refused
 * the call (one of `refusals.ts`), `message` says it in English.
 */
export interface ApiErrorBody {
  error: { code: RefusalCode; message: string; errors?: ApiFieldError[] };
}

export interface ApiData<T> {
  data: T;
}

export interface ApiList<T> {
  data: { items: T[]; total: number };
}

/** Dotted path of an issue, e.g. `visitPurposes.0`. An empty path is the body itself. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

type Issue = z.core.$ZodIssue;

function describeType(expected: string): string {
  switch (expected) {
    case 'string':
      return 'text';
    case 'number':
    case 'int':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    default:
      return `of type ${expected}`;
  }
}

/**
 * Turns zod issues into one error per field. Messages written in the schemas (the
 * spec's texts) are kept, with the code `codeOf` finds for them (the spec's keys by
 * default; the server passes the whole refusal catalogue's); zod's generic type messages
 * are replaced by ones that name the field, so a caller always learns which field is wrong.
 */
export function toFieldErrors(
  issues: readonly Issue[],
  root = 'body',
  codeOf: (message: string) => RefusalCode | undefined = keyOfMessage,
): ApiFieldError[] {
  const byField = new Map<string, ApiFieldError>();
  const add = (field: string, message: string, code: RefusalCode) => {
    if (!byField.has(field)) byField.set(field, { field, message, code });
  };
  for (const issue of issues) {
    const field = issuePath(issue.path) || root;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const name = field === root ? key : `${field}.${key}`;
        add(name, FIELD_REFUSALS['field.unknown'](key), 'field.unknown');
      }
    } else if (issue.code === 'invalid_type' && !isCustomMessage(issue.message)) {
      const received = receivedKind(issue);
      if (received === 'undefined')
        add(field, FIELD_REFUSALS['field.required'](field), 'field.required');
      else if (received === 'null') add(field, FIELD_REFUSALS['field.empty'](field), 'field.empty');
      else {
        const kind = describeType(issue.expected);
        add(field, FIELD_REFUSALS['field.type'](field, kind), 'field.type');
      }
    } else if (issue.code === 'custom' && isTextRefusal(issue.params?.refusal)) {
      add(field, FIELD_REFUSALS[issue.params.refusal](field), issue.params.refusal);
    } else {
      add(field, issue.message, codeOf(issue.message) ?? 'field.invalid');
    }
  }
  return [...byField.values()];
}

/** A refusal of the text rule (`text.ts`), whose message names the field. */
function isTextRefusal(code: unknown): code is 'field.singleLine' | 'field.controlCharacters' {
  return code === 'field.singleLine' || code === 'field.controlCharacters';
}

/**
 * What a caller sent where a type was expected: zod keeps the input on an issue only
 * when asked to (reportInput), and otherwise names it in its message.
 */
function receivedKind(issue: Issue): string {
  if ('input' in issue) return issue.input === null ? 'null' : typeof issue.input;
  return /received (\w+)/.exec(issue.message)?.[1] ?? 'unknown';
}

/** zod's own invalid-type messages start with 'Invalid input'; ours never do. */
function isCustomMessage(message: string): boolean {
  return !message.startsWith('Invalid input');
}
