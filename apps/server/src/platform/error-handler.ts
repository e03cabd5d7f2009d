import {
  refusalCodeOf,
  refusalMessage,
  toFieldErrors,
  type ApiErrorBody,
  type ApiFieldError,
  type FixedRefusalCode,
  type RefusalCode,
} from '@clinic/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { RequestValidationError } from './validation.ts';

function send(
  reply: FastifyReply,
  status: number,
  code: RefusalCode,
  message: string,
  errors?: ApiFieldError[],
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

/** The envelope's code of a validation failure: the only field's rule, or `request.invalid`. */
function validationCode(errors: ApiFieldError[]): RefusalCode {
  const [first] = errors;
  return errors.length === 1 && first ? first.code : 'request.invalid';
}

function validationReply(
  error: RequestValidationError & { validationContext?: string },
  reply: FastifyReply,
): FastifyReply {
  const part = partName[error.validationContext ?? 'body'] ?? 'body';
  const errors = toFieldErrors(error.issues, part, refusalCodeOf);
  const message =
    errors.map((entry) => entry.message).join('\n') || refusalMessage('request.invalid');
  return send(reply, 400, validationCode(errors), message, errors);
}

/** Fastify's own request errors, by code, as the caller should see them. */
const fastifyErrors: Record<string, { status: number; code: FixedRefusalCode; field?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'request.invalidJson', field: 'body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'request.emptyJson', field: 'body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'request.tooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'request.mediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'request.contentLength' },
};

/** A refusal of one field (or the body) that names no values. */
function sendFieldRefusal(
  reply: FastifyReply,
  status: number,
  code: FixedRefusalCode,
  field?: string,
): FastifyReply {
  const message = refusalMessage(code);
  return send(reply, status, code, message, field ? [{ field, message, code }] : undefined);
}

/** Errors Fastify meets before routing (a URL that cannot be decoded), in our envelope. */
export function frameworkErrorReply(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const code = error.code === 'FST_ERR_BAD_URL' ? 'request.badUrl' : 'request.invalid';
  void sendFieldRefusal(reply, 400, code, 'path');
}

/** PostgreSQL cancelled the statement: it ran past `statement_timeout` (or was cancelled). */
function isCancelledStatement(error: unknown): boolean {
  return (error as { code?: unknown }).code === '57014';
}

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
    if (known) return sendFieldRefusal(reply, known.status, known.code, known.field);
    if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
      return sendFieldRefusal(reply, 400, 'request.invalidJson', 'body');
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
      return send(reply, 503, 'request.timedOut', refusalMessage('request.timedOut'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(
        reply,
        status,
        'request.refused',
        refusalMessage('request.refused', error.message),
      );
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return send(reply, 500, 'server.failed', refusalMessage('server.failed', request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return send(
      reply,
      404,
      'route.notFound',
      refusalMessage('route.notFound', request.method, path),
    );
  });
}
