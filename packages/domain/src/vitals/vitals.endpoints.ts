import { endpoints } from '../common/contract.ts';
import type { vitalsSchemas } from './vitals.contract.ts';

/** Method and path of each vitals route (zod-free). */
export const vitalsApi = endpoints<typeof vitalsSchemas>()({
  facts: ['GET', '/visit-facts/:id'],
  createFacts: ['POST', '/visit-facts/:id'],
  updateFacts: ['PUT', '/visit-facts/:id'],
  /** `:id` is the visit's id: its readings, oldest first. */
  readings: ['GET', '/physical-readings/:id'],
  /** `:id` is the visit's id. */
  createReading: ['POST', '/physical-readings/:id'],
  /** `:id` is the reading's id. */
  updateReading: ['PUT', '/physical-readings/:id'],
  deleteReading: ['DELETE', '/readings/:id'],
  note: ['GET', '/visits/:id/note'],
  saveNote: ['PUT', '/visits/:id/note'],
});
