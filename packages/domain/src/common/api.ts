import type { z } from 'zod';
import { keyOfMessage } from './messages.ts';

/** Error codes of the failure envelope (ARCHITECTURE.md section 4). */
export const ApiErrorCode = {
  validation: 'VALIDATION',
  invalidCredentials: 'INVALID_CREDENTIALS',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  busy: 'BUSY',
  internal: 'INTERNAL',
} as const;
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

/** One bad field: `code` is the spec's message key where it names one. */
export interface FieldError {
  field: string;
  message: string;
  code?: string;
}

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; errors?: FieldError[] };
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
 * spec's texts) are kept; zod's generic type messages are replaced by ones that name
 * the field, so a caller always learns which field is wrong.
 */
export function toFieldErrors(issues: readonly Issue[], root = 'body'): FieldError[] {
  const byField = new Map<string, FieldError>();
  const add = (field: string, message: string, code?: string) => {
    if (!byField.has(field))
      byField.set(field, code ? { field, message, code } : { field, message });
  };
  for (const issue of issues) {
    const field = issuePath(issue.path) || root;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        add(field === root ? key : `${field}.${key}`, `${key} is not a known field`);
      }
    } else if (issue.code === 'invalid_type' && !isCustomMessage(issue.message)) {
      const received = receivedKind(issue);
      if (received === 'undefined') add(field, `${field} is required`);
      else if (received === 'null') add(field, `${field} cannot be empty`);
      else add(field, `${field} must be ${describeType(issue.expected)}`);
    } else {
      add(field, issue.message, keyOfMessage(issue.message));
    }
  }
  return [...byField.values()];
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
