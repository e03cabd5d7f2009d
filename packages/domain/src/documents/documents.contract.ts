import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { documentsApi } from './documents.endpoints.ts';
import {
  DocumentCategoryOption,
  DocumentDeleteBody,
  DocumentDeleted,
  DocumentFileParams,
  DocumentFileQuery,
  DocumentIdParams,
  DocumentListQuery,
  DocumentRecord,
  DocumentUpdateBody,
} from './documents.ts';

/**
 * A patient's documents (doc 2 sections 2.11 and 7 'Documents'). The upload is multipart
 * (`DocumentUploadFields` beside one `file` part), checked by the route itself; the file
 * download answers bytes, not JSON.
 */
export const documentsSchemas = {
  categories: { answer: listOf(DocumentCategoryOption) },
  list: { query: DocumentListQuery, answer: listOf(DocumentRecord) },
  get: { params: DocumentIdParams, answer: dataOf(DocumentRecord) },
  upload: { answer: dataOf(DocumentRecord), status: 201 },
  update: { params: DocumentIdParams, body: DocumentUpdateBody, answer: dataOf(DocumentRecord) },
  remove: { params: DocumentIdParams, body: DocumentDeleteBody, answer: dataOf(DocumentDeleted) },
  file: { params: DocumentFileParams, query: DocumentFileQuery },
} as const satisfies Record<string, RouteSchemas>;

export const documentsContract = joinContract(documentsApi, documentsSchemas);
