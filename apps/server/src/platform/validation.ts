import { MAX_REQUEST_NESTING, refusalMessage } from '@clinic/domain';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** A request part that failed its zod schema; keeps zod's issues whole for the envelope. */
export class RequestValidationError extends Error {
  readonly issues: z.core.$ZodIssue[];
  constructor(issues: z.core.$ZodIssue[]) {
    super('The request is not valid.');
    this.issues = issues;
  }
}

const TOO_DEEP_MESSAGE = refusalMessage('request.tooDeep');

/**
 * PostgreSQL text cannot hold U+0000; a string with it is refused rather than failing
 * later. Input nested deeper than `MAX_REQUEST_NESTING` is refused too (walking 3,000 levels
 * overflowed the stack).
 */
function unstorableText(value: unknown, path: PropertyKey[] = []): z.core.$ZodIssue[] {
  if (path.length > MAX_REQUEST_NESTING) {
    return [{ code: 'custom', path: [], message: TOO_DEEP_MESSAGE, input: undefined }];
  }
  if (typeof value === 'string') {
    if (!value.includes('\u0000')) return [];
    const field = path.map(String).join('.') || 'body';
    return [
      {
        code: 'custom',
        path,
        message: `${field} contains a character that cannot be stored (U+0000)`,
        input: undefined,
      },
    ];
  }
  const children: Array<[PropertyKey, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  const issues: z.core.$ZodIssue[] = [];
  for (const [key, item] of children) {
    issues.push(...unstorableText(item, [...path, key]));
    // One refusal says it all for input that is too deep.
    if (issues[0]?.message === TOO_DEEP_MESSAGE) return issues.slice(0, 1);
  }
  return issues;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const unstorable = unstorableText(data);
    if (unstorable.length > 0) return { error: new RequestValidationError(unstorable) };
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  };
