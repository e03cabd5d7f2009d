import { endpoints } from '../common/contract.ts';
import type { queueSchemas } from './queue.contract.ts';

/** Method and path of each queue route (zod-free: pages import it). */
export const queueApi = endpoints<typeof queueSchemas>()({
  list: ['GET', '/queue'],
  patientHistory: ['GET', '/queue/page'],
  add: ['POST', '/queue'],
  visitPurposes: ['PUT', '/queue/:id/visit-purposes'],
  roomService: ['PUT', '/queue/:id/room-service'],
  status: ['PUT', '/queue/:id/status'],
  remark: ['PUT', '/queue/:id/remark'],
  visitTime: ['PUT', '/queue/visit-time'],
  remove: ['DELETE', '/queue/:id'],
  swap: ['PUT', '/queue/:id/seq'],
  callIn: ['PUT', '/queue/:id/call-in'],
  consultOut: ['PUT', '/queue/:id/consult-out'],
});
