import { z } from 'zod';
import type { RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { queueApi } from './queue.endpoints.ts';
import { joinContract } from '../common/contract.ts';
import {
  QueueCreateBody,
  QueueDeleteBody,
  QueueEntry,
  QueueIdParams,
  QueueListQuery,
  QueuePageQuery,
  QueueRemarkBody,
  QueueRoomServiceBody,
  QueueSeqBody,
  QueueStatusBody,
  QueueVisitPurposesBody,
  QueueVisitTimeBody,
} from './queue.ts';

const Entry = dataOf(QueueEntry);
const entryChange = <B extends z.ZodType>(body: B) => ({
  params: QueueIdParams,
  body,
  answer: Entry,
});

/** The front-desk queue of the caller's branch (doc 1 section 7 'Queue'). */
export const queueSchemas = {
  list: { query: QueueListQuery, answer: listOf(QueueEntry) },
  patientHistory: { query: QueuePageQuery, answer: listOf(QueueEntry) },
  add: { body: QueueCreateBody, answer: Entry, status: 201 },
  visitPurposes: entryChange(QueueVisitPurposesBody),
  roomService: entryChange(QueueRoomServiceBody),
  status: entryChange(QueueStatusBody),
  remark: entryChange(QueueRemarkBody),
  visitTime: { body: QueueVisitTimeBody, answer: Entry },
  remove: { params: QueueIdParams, body: QueueDeleteBody, answer: dataOf(z.boolean()) },
  swap: entryChange(QueueSeqBody),
  callIn: { params: QueueIdParams, answer: Entry },
  consultOut: { params: QueueIdParams, answer: Entry },
} as const satisfies Record<string, RouteSchemas>;

export const queueContract = joinContract(queueApi, queueSchemas);
