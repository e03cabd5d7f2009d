import {
  refusalCodeOf,
  refusalMessage,
  type ApiFieldError,
  type FieldError,
  type FixedRefusalCode,
  type RefusalCode,
  type RefusalValues,
} from '@clinic/domain';

/**
 * A refusal the caller should see: its HTTP status and the code of the rule that refused
 * (`@clinic/domain` refusals), whose English message it carries.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: RefusalCode;
  readonly errors: ApiFieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: RefusalCode,
    message: string,
    errors?: ApiFieldError[],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.headers = headers;
  }
}

function refusal<C extends RefusalCode>(status: number, code: C, values: RefusalValues<C>) {
  return new AppError(status, code, refusalMessage(code, ...values));
}

/** 400 naming one field; the rule's message doubles as the envelope's message. */
export function fieldError<C extends RefusalCode>(
  field: string,
  code: C,
  ...values: RefusalValues<C>
): AppError {
  const message = refusalMessage(code, ...values);
  return new AppError(400, code, message, [{ field, message, code }]);
}

/** A field's problem with its rule's code: found by its words when it came without one. */
function coded({ field, message, code }: FieldError): ApiFieldError {
  return { field, message, code: code ?? refusalCodeOf(message) ?? 'field.invalid' };
}

/** 400 naming several fields: the envelope's code is the only field's, or `request.invalid`. */
export function fieldErrors(problems: FieldError[]): AppError {
  const errors = problems.map(coded);
  const [first] = errors;
  const code = errors.length === 1 && first ? first.code : 'request.invalid';
  return new AppError(400, code, errors.map((error) => error.message).join('\n'), errors);
}

/** 400 naming one field whose problem a rule helper states in words (its code found by them). */
export function fieldProblem(field: string, message: string): AppError {
  return fieldErrors([{ field, message }]);
}

export function badRequest<C extends RefusalCode>(code: C, ...values: RefusalValues<C>): AppError {
  return refusal(400, code, values);
}

export function unauthorized<C extends RefusalCode>(
  code: C,
  ...values: RefusalValues<C>
): AppError {
  return refusal(401, code, values);
}

export function forbidden<C extends RefusalCode>(code: C, ...values: RefusalValues<C>): AppError {
  return refusal(403, code, values);
}

export function notFound<C extends RefusalCode>(code: C, ...values: RefusalValues<C>): AppError {
  return refusal(404, code, values);
}

/** 409: the record's version is not the one the caller read. */
export function conflict(): AppError {
  return refusal(409, 'record.changed', []);
}

export function rateLimited<C extends RefusalCode>(
  retryAfterSeconds: number,
  code: C,
  ...values: RefusalValues<C>
): AppError {
  return new AppError(429, code, refusalMessage(code, ...values), undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** 503: the server cannot take the request now; worth trying again in a moment. */
export function unavailable(code: FixedRefusalCode, retryAfterSeconds?: number): AppError {
  const headers: Record<string, string> =
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
  return new AppError(503, code, refusalMessage(code), undefined, headers);
}

/** PostgreSQL unique_violation, optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string; message?: string };
  if (pgError?.code !== '23505') return false;
  if (!constraint) return true;
  return pgError.constraint === constraint || (pgError.message ?? '').includes(constraint);
}
