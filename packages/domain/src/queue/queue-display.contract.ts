import { z } from 'zod';
import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import {
  DisplayIdentity,
  DisplayLink,
  DisplayLinkCreateBody,
  DisplayLinkParams,
  DoctorRoom,
  DoctorRoomBody,
  DoctorRoomParams,
  IssuedDisplayLink,
  QueueDisplayAnswer,
  QueueDisplayQuery,
} from './display.ts';
import { queueDisplayApi } from './queue-display.endpoints.ts';

/** The public queue board (doc 1 sections 2.12 and 4) and what sets it up. */
export const queueDisplaySchemas = {
  board: { query: QueueDisplayQuery, answer: dataOf(QueueDisplayAnswer) },
  identity: { answer: dataOf(DisplayIdentity) },
  links: { answer: listOf(DisplayLink) },
  issueLink: { body: DisplayLinkCreateBody, answer: dataOf(IssuedDisplayLink), status: 201 },
  revokeLink: { params: DisplayLinkParams, answer: dataOf(z.boolean()) },
  rotateLink: { params: DisplayLinkParams, answer: dataOf(IssuedDisplayLink) },
  doctorRooms: { answer: listOf(DoctorRoom) },
  setDoctorRoom: { params: DoctorRoomParams, body: DoctorRoomBody, answer: dataOf(DoctorRoom) },
} as const satisfies Record<string, RouteSchemas>;

export const queueDisplayContract = joinContract(queueDisplayApi, queueDisplaySchemas);
