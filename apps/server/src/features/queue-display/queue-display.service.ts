import {
  queueDisplayAnswer,
  refusalMessage,
  type DisplayIdentity,
  type DisplayLinkCreateBody,
  type DisplayLink,
  type DoctorRoom,
  type DoctorRoomBody,
  type IssuedDisplayLink,
  type QueueDisplayAnswer,
  type QueueDisplayQuery,
} from '@clinic/domain';
import { randomBytes } from 'node:crypto';
import { DISPLAY_TOKEN_PREFIX } from '../../platform/access.ts';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
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

/** A display link's key: answered once, at issue or rotation, and stored only as a hash. */
function newDisplayToken(): string {
  return `${DISPLAY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The link with its key and the board's address, answered this once. */
async function issued(tx: TenantTx, link: DisplayLink, token: string): Promise<IssuedDisplayLink> {
  const { branchCode } = await repo.displayIdentity(tx, link.branchId);
  return {
    ...link,
    token,
    path: `/${encodeURIComponent(branchCode)}/queue-display?key=${token}`,
  };
}

/** A new display link, working until `expiresAt` (unix seconds, in the future) or for good. */
export function issueDisplayLink(
  scope: BranchScope,
  body: DisplayLinkCreateBody,
): Promise<IssuedDisplayLink> {
  const expiresAt = body.expiresAt ?? null;
  if (expiresAt !== null && expiresAt * 1000 <= Date.now()) {
    throw fieldError('expiresAt', 'queueDisplay.expiryPast');
  }
  const token = newDisplayToken();
  return scope.run(async (tx) => {
    const link = await repo.insertDisplayLink(tx, {
      branchId: scope.branchId,
      name: body.name,
      tokenHash: hashToken(token),
      createdBy: scope.userId,
      expiresAt: expiresAt === null ? null : new Date(expiresAt * 1000),
    });
    return issued(tx, link, token);
  });
}

/**
 * Replaces a working link's key, keeping its name and expiry: the old key stops working at
 * once (its boards' sockets close through the access-change notice of the key's change).
 */
export function rotateDisplayLink(scope: BranchScope, id: string): Promise<IssuedDisplayLink> {
  const token = newDisplayToken();
  return scope.run(async (tx) => {
    const rotated = await repo.rotateDisplayLink(tx, scope.branchId, id, hashToken(token));
    if (rotated) return issued(tx, rotated, token);
    const exists = await repo.findDisplayLink(tx, scope.branchId, id);
    if (!exists) throw notFound('queueDisplay.linkNotFound');
    throw new AppError(409, 'queueDisplay.linkEnded', refusalMessage('queueDisplay.linkEnded'));
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
