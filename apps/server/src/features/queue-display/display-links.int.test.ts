import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { addUser, expectStatus, todayStart } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

// Sockets re-check their link only once a minute here (the default): a socket closed
// within seconds proves the expiry timer or the access-change notice closed it.
const { t, clinic, clinics, admin } = setupApiTest({ clinics: 2 });

const nowUnix = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;

async function issue(body: Record<string, unknown>, caller = admin) {
  const created = await t.call('POST', '/api/v1/queue/display-links', { ...caller, body });
  expectStatus(created, 201);
  return created.body.data as {
    id: string;
    token: string;
    path: string;
    name: string;
    expiresAt: number | null;
  };
}

const board = (token: string) =>
  t.call('GET', `/api/v1/queue/display?visitDate=${todayStart()}`, { token });

const listLinks = async (caller = admin) => {
  const listed = await t.call('GET', '/api/v1/queue/display-links', caller);
  expectStatus(listed, 200);
  return listed.body.data.items as Array<{ id: string; expiresAt: number | null }>;
};

async function openSocket(token: string): Promise<WebSocket> {
  const address = t.app.server.listening
    ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
    : await t.app.listen({ port: 0, host: '127.0.0.1' });
  const socket = new WebSocket(
    `${address.replace('http', 'ws')}/api/v1/notifications/ws?token=${token}`,
  );
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  return socket;
}

const closeCodeOf = (socket: WebSocket) =>
  new Promise<number>((resolve) =>
    socket.addEventListener('close', (event) => resolve(event.code), { once: true }),
  );

const within = <T>(promise: Promise<T>, ms = 5000) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), ms)),
  ]);

describe('a display link with an expiry', () => {
  it('is listed with it, and one without is listed as never expiring', async () => {
    const expiresAt = nowUnix() + 7 * DAY;
    const weekly = await issue({ name: 'Week TV', expiresAt });
    expect(weekly.expiresAt).toBe(expiresAt);
    const forever = await issue({ name: 'Lobby TV' });
    expect(forever.expiresAt).toBeNull();
    const links = await listLinks();
    expect(links).toContainEqual(expect.objectContaining({ id: weekly.id, expiresAt }));
    expect(links).toContainEqual(expect.objectContaining({ id: forever.id, expiresAt: null }));
    expectStatus(await board(weekly.token), 200);
  });

  it('cannot be issued already expired, nor with a malformed expiry', async () => {
    const past = await t.call('POST', '/api/v1/queue/display-links', {
      ...admin,
      body: { name: 'Old TV', expiresAt: nowUnix() - 60 },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.errors).toEqual([
      {
        field: 'expiresAt',
        message: 'The expiry must be in the future.',
        code: 'queueDisplay.expiryPast',
      },
    ]);
    for (const expiresAt of ['tomorrow', 1e15, 1.5]) {
      const malformed = await t.call('POST', '/api/v1/queue/display-links', {
        ...admin,
        body: { name: 'Odd TV', expiresAt },
      });
      expect(malformed.status, String(expiresAt)).toBe(400);
      expect(malformed.body.error.errors).toEqual([
        expect.objectContaining({
          field: 'expiresAt',
          message: 'expiresAt must be a time in unix seconds',
        }),
      ]);
    }
  });

  it('opens nothing once expired, and says it expired', async () => {
    const link = await issue({ name: 'Expiring TV', expiresAt: nowUnix() + DAY });
    expectStatus(await board(link.token), 200);
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('displayLinks')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('id', '=', link.id)
        .execute(),
    );
    for (const url of [
      `/api/v1/queue/display?visitDate=${todayStart()}`,
      '/api/v1/queue/display/identity',
    ]) {
      const refused = await t.call('GET', url, { token: link.token });
      expect(refused.status, url).toBe(401);
      expect(refused.body.error).toMatchObject({
        code: 'queueDisplay.linkExpired',
        message: 'This display link has expired.',
      });
    }
    // A revoked link (expired or not) is not said to have expired: it was revoked.
    expectStatus(await t.call('DELETE', `/api/v1/queue/display-links/${link.id}`, admin), 200);
    expect((await board(link.token)).body.error.code).toBe('session.ended');
    expect((await board('dsp_unknown')).body.error.code).toBe('session.ended');
  });

  it("closes its board's socket as it expires", async () => {
    const link = await issue({ name: 'Short TV', expiresAt: nowUnix() + 2 });
    const socket = await openSocket(link.token);
    const closed = closeCodeOf(socket);
    expect(await within(closed, 6000)).toBe(4401);
    expect((await board(link.token)).status).toBe(401);
  });
});

describe('rotating a display link', () => {
  it('gives it a new key and keeps its name and expiry; the old key stops at once', async () => {
    const expiresAt = nowUnix() + 30 * DAY;
    const link = await issue({ name: 'Rotating TV', expiresAt });
    const socket = await openSocket(link.token);
    const closed = closeCodeOf(socket);

    const rotated = await t.call('POST', `/api/v1/queue/display-links/${link.id}/rotate`, admin);
    expectStatus(rotated, 200);
    const fresh = rotated.body.data;
    expect(fresh).toMatchObject({ id: link.id, name: 'Rotating TV', expiresAt, revokedAt: null });
    expect(fresh.token).toMatch(/^dsp_/);
    expect(fresh.token).not.toBe(link.token);
    expect(fresh.path).toBe(`/MAIN/queue-display?key=${fresh.token}`);

    expect(await within(closed)).toBe(4401);
    const old = await board(link.token);
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('session.ended');
    expectStatus(await board(fresh.token), 200);
    const socketAgain = await openSocket(fresh.token);
    socketAgain.close();
    const listed = await listLinks();
    expect(listed.filter((l) => l.id === link.id)).toHaveLength(1);
  });

  it('is refused for a revoked or expired link, and for an unknown one', async () => {
    const revoked = await issue({ name: 'Gone TV' });
    await t.call('DELETE', `/api/v1/queue/display-links/${revoked.id}`, admin);
    const expired = await issue({ name: 'Past TV', expiresAt: nowUnix() + DAY });
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('displayLinks')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('id', '=', expired.id)
        .execute(),
    );
    for (const id of [revoked.id, expired.id]) {
      const refused = await t.call('POST', `/api/v1/queue/display-links/${id}/rotate`, admin);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('queueDisplay.linkEnded');
    }
    const unknown = await t.call(
      'POST',
      '/api/v1/queue/display-links/00000000-0000-4000-8000-000000000000/rotate',
      admin,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('queueDisplay.linkNotFound');
  });

  it('is for administrators of the clinic only: another clinic neither sees nor rotates it', async () => {
    const link = await issue({ name: 'Private TV' });
    const desk = await addUser(t, clinic, 'Front Desk');
    const deskCaller = { token: desk.token, branchId: clinic.branchId };
    const byDesk = await t.call(
      'POST',
      `/api/v1/queue/display-links/${link.id}/rotate`,
      deskCaller,
    );
    expect(byDesk.status).toBe(403);

    const other = clinics[1];
    const otherCaller = { token: other.token, branchId: other.branchId };
    const foreign = await t.call(
      'POST',
      `/api/v1/queue/display-links/${link.id}/rotate`,
      otherCaller,
    );
    expect(foreign.status).toBe(404);
    expect((await listLinks(otherCaller)).map((l) => l.id)).not.toContain(link.id);
    // Asking for this clinic's branch is refused outright.
    const otherInOurs = await t.call('POST', `/api/v1/queue/display-links/${link.id}/rotate`, {
      token: other.token,
      branchId: clinic.branchId,
    });
    expect(otherInOurs.status).toBe(403);
    // The link still works with its own key: nothing was rotated.
    expectStatus(await board(link.token), 200);
  });
});
