import { ApiErrorCode, keyOfMessage, type FieldError } from '@clinic/domain';

/** An error the caller should see, with its HTTP status and envelope code. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    errors?: FieldError[],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.headers = headers;
  }
}

/** 400 naming one field; the message doubles as the envelope's message. */
export function fieldError(field: string, message: string): AppError {
  const code = keyOfMessage(message);
  return new AppError(400, ApiErrorCode.validation, message, [
    code ? { field, message, code } : { field, message },
  ]);
}

export function badRequest(
  message: string,
  code: ApiErrorCode = ApiErrorCode.validation,
): AppError {
  return new AppError(400, code, message);
}

export function unauthorized(message = 'Your session has ended. Please sign in again.'): AppError {
  return new AppError(401, ApiErrorCode.unauthorized, message);
}

export function forbidden(message: string): AppError {
  return new AppError(403, ApiErrorCode.forbidden, message);
}

export function notFound(message = 'Not found.'): AppError {
  return new AppError(404, ApiErrorCode.notFound, message);
}

export function conflict(
  message = 'This record was changed by someone else. Please reload it and try again.',
): AppError {
  return new AppError(409, ApiErrorCode.conflict, message);
}

export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, ApiErrorCode.rateLimited, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** PostgreSQL unique_violation, optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string; message?: string };
  if (pgError?.code !== '23505') return false;
  if (!constraint) return true;
  return pgError.constraint === constraint || (pgError.message ?? '').includes(constraint);
}
