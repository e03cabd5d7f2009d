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

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  };
