import { ApiErrorCode, toFieldErrors, type ApiErrorBody, type FieldError } from '@clinic/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { RequestValidationError } from './validation.ts';

function send(
  reply: FastifyReply,
  status: number,
  code: ApiErrorCode,
  message: string,
  errors?: FieldError[],
): FastifyReply {
  const body: ApiErrorBody = { error: errors ? { code, message, errors } : { code, message } };
  return reply.code(status).type('application/json').send(body);
}

/** Where a request part's errors are reported when the part itself is wrong. */
const partName: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

function validationReply(
  error: RequestValidationError & { validationContext?: string },
  reply: FastifyReply,
): FastifyReply {
  const part = partName[error.validationContext ?? 'body'] ?? 'body';
  const errors = toFieldErrors(error.issues, part);
  const message = errors.map((entry) => entry.message).join('\n') || 'The request is not valid.';
  return send(reply, 400, ApiErrorCode.validation, message, errors);
}

/** Fastify's own request errors, by code, as the caller should see them. */
const fastifyErrors: Record<
  string,
  { status: number; code: ApiErrorCode; message: string; field?: string }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ApiErrorCode.validation,
    message: 'The request body is not valid JSON.',
    field: 'body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ApiErrorCode.validation,
    message: 'The request body is empty; JSON was expected.',
    field: 'body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ApiErrorCode.payloadTooLarge,
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ApiErrorCode.validation,
    message: 'This content type is not accepted; send application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ApiErrorCode.validation,
    message: 'The request body length does not match its Content-Length.',
  },
};

/** Errors Fastify meets before routing (a URL that cannot be decoded), in our envelope. */
export function frameworkErrorReply(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address is not valid: a part of it cannot be decoded.'
      : 'The request is not valid.';
  void send(reply, 400, ApiErrorCode.validation, message, [{ field: 'path', message }]);
}

/** PostgreSQL cancelled the statement: it ran past `statement_timeout` (or was cancelled). */
function isCancelledStatement(error: unknown): boolean {
  return (error as { code?: unknown }).code === '57014';
}

export const STATEMENT_TIMEOUT_MESSAGE =
  'This took too long and was stopped. Please try again in a moment; if it keeps happening, make the search more specific.';

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(reply, error.status, error.code, error.message, error.errors);
    }
    if (error instanceof RequestValidationError) {
      return validationReply(error, reply);
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) {
      const errors = known.field ? [{ field: known.field, message: known.message }] : undefined;
      return send(reply, known.status, known.code, known.message, errors);
    }
    if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
      return send(reply, 400, ApiErrorCode.validation, 'The request body is not valid JSON.', [
        { field: 'body', message: 'The request body is not valid JSON.' },
      ]);
    }
    if (isCancelledStatement(error)) {
      request.log.warn(
        {
          reqId: request.id,
          route: request.routeOptions.url,
          tenantId: request.principal?.tenantId,
        },
        'statement cancelled: it ran past the statement timeout',
      );
      reply.header('retry-after', '1');
      return send(reply, 503, ApiErrorCode.busy, STATEMENT_TIMEOUT_MESSAGE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(
        reply,
        status,
        status === 404 ? ApiErrorCode.notFound : ApiErrorCode.validation,
        error.message,
      );
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return send(
      reply,
      500,
      ApiErrorCode.internal,
      `Something went wrong on our side. Please try again; if it keeps happening, quote reference ${request.id}.`,
    );
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      reply,
      404,
      ApiErrorCode.notFound,
      `There is no ${request.method} ${request.url.split('?')[0]}.`,
    ),
  );
}
