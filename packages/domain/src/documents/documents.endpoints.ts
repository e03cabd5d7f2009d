import { endpoints } from '../common/contract.ts';
import type { documentsSchemas } from './documents.contract.ts';

/** Method and path of each document route (zod-free). */
export const documentsApi = endpoints<typeof documentsSchemas>()({
  categories: ['GET', '/document-categories/options'],
  list: ['GET', '/documents'],
  get: ['GET', '/documents/:id'],
  upload: ['POST', '/documents'],
  update: ['PUT', '/documents/:id'],
  remove: ['DELETE', '/documents/:id'],
  file: ['GET', '/e-documents/:fileId/file'],
});
