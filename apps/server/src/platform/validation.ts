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

/** PostgreSQL text cannot hold U+0000; a string with it is refused rather than failing later. */
function unstorableText(value: unknown, path: PropertyKey[] = []): z.core.$ZodIssue[] {
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
  if (Array.isArray(value))
    return value.flatMap((item, index) => unstorableText(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => unstorableText(item, [...path, key]));
  }
  return [];
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
