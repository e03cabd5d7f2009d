import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { vitalsApi } from './vitals.endpoints.ts';
import {
  ConsultNoteBody,
  ConsultNoteRecord,
  PhysicalReading,
  ReadingCreateBody,
  ReadingDeleteBody,
  ReadingDeleted,
  ReadingIdParams,
  ReadingUpdateBody,
  VisitFactsCreateBody,
  VisitFactsRecord,
  VisitFactsUpdateBody,
  VisitIdParam,
} from './vitals.ts';

/** Visit facts, physical readings and the consultation note of a visit. */
export const vitalsSchemas = {
  facts: { params: VisitIdParam, answer: dataOf(VisitFactsRecord.nullable()) },
  createFacts: {
    params: VisitIdParam,
    body: VisitFactsCreateBody,
    answer: dataOf(VisitFactsRecord),
    status: 201,
  },
  updateFacts: {
    params: VisitIdParam,
    body: VisitFactsUpdateBody,
    answer: dataOf(VisitFactsRecord),
  },
  readings: { params: ReadingIdParams, answer: listOf(PhysicalReading) },
  createReading: {
    params: ReadingIdParams,
    body: ReadingCreateBody,
    answer: dataOf(PhysicalReading),
    status: 201,
  },
  updateReading: {
    params: ReadingIdParams,
    body: ReadingUpdateBody,
    answer: dataOf(PhysicalReading),
  },
  deleteReading: {
    params: ReadingIdParams,
    body: ReadingDeleteBody,
    answer: dataOf(ReadingDeleted),
  },
  note: { params: VisitIdParam, answer: dataOf(ConsultNoteRecord) },
  saveNote: { params: VisitIdParam, body: ConsultNoteBody, answer: dataOf(ConsultNoteRecord) },
} as const satisfies Record<string, RouteSchemas>;

export const vitalsContract = joinContract(vitalsApi, vitalsSchemas);
