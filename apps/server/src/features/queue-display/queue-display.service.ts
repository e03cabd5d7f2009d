import {
  queueDisplayAnswer,
  type DisplayIdentity,
  type DisplayLink,
  type DoctorRoom,
  type DoctorRoomBody,
  type IssuedDisplayLink,
  type QueueDisplayAnswer,
  type QueueDisplayQuery,
} from '@clinic/domain';
import { randomBytes } from 'node:crypto';
import { DISPLAY_TOKEN_PREFIX } from '../../platform/access.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { hashToken } from '../../platform/tokens.ts';
import { findOption } from '../options/options.service.ts';
import { listDay } from '../queue/queue.service.ts';
import * as repo from './queue-display.repo.ts';

/** The board's lists for the day and filters asked for. */
export async function boardOf(
  scope: BranchScope,
  query: QueueDisplayQuery,
): Promise<QueueDisplayAnswer> {
  const entries = await listDay(scope, query.visitDate);
  return queueDisplayAnswer(entries, { roomServices: query.status, areaID: query.areaID });
}

/** The clinic and branch a board shows in its header. */
export function displayIdentity(scope: BranchScope): Promise<DisplayIdentity> {
  return scope.run((tx) => repo.displayIdentity(tx, scope.branchId));
}

export function displayLinks(scope: BranchScope): Promise<DisplayLink[]> {
  return scope.run((tx) => repo.branchDisplayLinks(tx, scope.branchId));
}

/** Every active doctor of the branch with their room, if one is set. */
export function doctorRooms(scope: BranchScope): Promise<DoctorRoom[]> {
  return scope.run((tx) => repo.doctorRooms(tx, scope.branchId));
}

/** A new display link: its token is answered this once and stored only as a hash. */
export function issueDisplayLink(scope: BranchScope, name: string): Promise<IssuedDisplayLink> {
  const token = `${DISPLAY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return scope.run(async (tx) => {
    const link = await repo.insertDisplayLink(tx, {
      branchId: scope.branchId,
      name,
      tokenHash: hashToken(token),
      createdBy: scope.userId,
    });
    const { branchCode } = await repo.displayIdentity(tx, scope.branchId);
    return {
      ...link,
      token,
      path: `/${encodeURIComponent(branchCode)}/queue-display?key=${token}`,
    };
  });
}

export async function revokeDisplayLink(scope: BranchScope, id: string): Promise<void> {
  const revoked = await scope.run((tx) => repo.revokeDisplayLink(tx, scope.branchId, id));
  if (!revoked) throw notFound('queueDisplay.linkNotFound');
}

/** Sets the room and waiting area of a doctor of the branch. */
export function setDoctorRoom(
  scope: BranchScope,
  doctorId: string,
  body: DoctorRoomBody,
): Promise<DoctorRoom> {
  return scope.run(async (tx) => {
    const isDoctorHere = (await repo.doctorRooms(tx, scope.branchId)).some(
      (doctor) => doctor.doctorId === doctorId,
    );
    if (!isDoctorHere) throw notFound('queueDisplay.doctorNotHere');
    if (body.areaID && !(await findOption(tx, 'waitingArea', body.areaID, scope.branchId))) {
      throw fieldError('areaID', 'queueDisplay.areaNotHere');
    }
    const room = {
      branchId: scope.branchId,
      doctorId,
      roomName: body.roomName,
      areaId: body.areaID,
    };
    if (!(await repo.saveDoctorRoom(tx, room, body.version ?? null))) throw conflict();
    const saved = (await repo.doctorRooms(tx, scope.branchId)).find(
      (doctor) => doctor.doctorId === doctorId,
    );
    if (!saved) throw notFound('record.notFound');
    return saved;
  });
}
