import fastifyMultipart from '@fastify/multipart';
import { documentsContract, DocumentUploadFields } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../platform/access.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { fieldError } from '../../platform/errors.ts';
import { branchScope } from '../../platform/scope.ts';
import { RequestValidationError } from '../../platform/validation.ts';
import * as documents from './documents.service.ts';

const patientAccess = { module: 'clinic.patient', branch: 'required' } as const;
const record = 'documents';

/** Text fields an upload may carry beside its file (more is refused, not read). */
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 4096;

/**
 * Reads a multipart upload: its text fields and its one `file` part, buffered up to the
 * size limit. Two files, an oversized file or a part that is not multipart are refused
 * here by code, before anything is stored.
 */
async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; file: documents.UploadedFile | undefined }> {
  if (!request.isMultipart()) throw fieldError('file', 'document.notMultipart');
  const fields: Record<string, string> = {};
  let file: documents.UploadedFile | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw fieldError('file', 'document.fileRequired');
        file = { bytes: await part.toBuffer(), filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw documents.fileTooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'document.oneFile');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw fieldError('body', 'request.invalid');
    }
    throw error;
  }
  return { fields, file };
}

/** `attachment; filename="..."; filename*=UTF-8''...` with a plain-ASCII fallback name. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  // Control characters are what this replaces.
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/gu, '').trim() || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A patient's documents (doc 2 sections 2.11, 7 'Documents'): list, upload, edit, download. */
export function documentsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    // Multipart only for these routes (the plugin is encapsulated in this feature).
    await fastify.register(fastifyMultipart, { throwFileSizeLimit: true });
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(documentsContract.categories, 'documents'),
      config: {
        // An option list of the clinic, like the other lists: any signed-in user of the branch.
        access: { ...patientAccess, permission: SIGNED_IN },
      },
      handler: async (request) => {
        const items = await documents.categoryOptions(branchScope(ctx.db, request));
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(documentsContract.list, 'documents'),
      config: {
        access: { ...patientAccess, permission: 'documents:read' },
        audit: {
          action: 'read',
          entity: 'patient',
          id: { from: 'query', field: 'patientId' },
          detail: { record },
        },
      },
      handler: async (request) => {
        const items = await documents.patientDocuments(
          branchScope(ctx.db, request),
          request.query.patientId,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(documentsContract.get, 'documents'),
      config: {
        access: { ...patientAccess, permission: 'documents:read' },
        audit: {
          action: 'read',
          entity: 'document',
          id: { from: 'params', field: 'id' },
          detail: { record },
        },
      },
      handler: async (request) => ({
        data: await documents.documentOf(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(documentsContract.upload, 'documents'),
      config: {
        access: { ...patientAccess, permission: 'documents:create' },
        audit: {
          action: 'create',
          entity: 'document',
          id: { from: 'answer', field: 'id' },
          detail: { record },
        },
      },
      handler: async (request, reply) => {
        const scope = branchScope(ctx.db, request);
        const upload = await readUpload(request, ctx.config.uploadMaxBytes);
        const fields = DocumentUploadFields.safeParse(upload.fields);
        if (!fields.success) throw new RequestValidationError(fields.error.issues);
        const data = await documents.uploadDocument(ctx, scope, fields.data, upload.file);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(documentsContract.update, 'documents'),
      config: {
        access: { ...patientAccess, permission: 'documents:update' },
        audit: {
          action: 'update',
          entity: 'document',
          id: { from: 'params', field: 'id' },
          detail: { record },
        },
      },
      handler: async (request) => ({
        data: await documents.updateDocument(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(documentsContract.remove, 'documents'),
      config: {
        access: { ...patientAccess, permission: 'documents:delete' },
        audit: {
          action: 'delete',
          entity: 'document',
          id: { from: 'params', field: 'id' },
          detail: { record },
        },
      },
      handler: async (request) => ({
        data: await documents.deleteDocument(
          ctx,
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(documentsContract.file, 'documents'),
      config: {
        access: { ...patientAccess, permission: 'documents:read' },
        audit: {
          action: 'read',
          entity: 'document',
          id: { from: 'params', field: 'fileId' },
          detail: { record, part: 'file' },
        },
      },
      handler: async (request, reply) => {
        const { document, body } = await documents.documentFile(
          ctx.storage,
          branchScope(ctx.db, request),
          request.params.fileId,
        );
        const name =
          request.query.fileName ?? documents.downloadName(document.name, document.contentType);
        return reply
          .header('content-type', document.contentType)
          .header('content-length', String(document.size))
          .header('content-disposition', contentDisposition(request.query.disposition, name))
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    });
  };
}
