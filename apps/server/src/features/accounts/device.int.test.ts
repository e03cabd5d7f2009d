import { DEVICE_CONFIRM_TEXTS } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { withTenant } from '../../db/tenant-db.ts';
import { expectStatus } from '../../../test/helpers.ts';

const { t, clinic } = setupApiTest();
beforeAll(async () => {
  await withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db.updateTable('tenants').set({ requireDeviceAuthorization: true }).execute(),
  );
});

const signInFrom = (whiteList?: string) =>
  t.call('POST', '/api/v1/sign-in', {
    body: { username: clinic.email, password: clinic.password, timezone: 480, whiteList },
  });

describe('device authorization (doc 1 section 2.8)', () => {
  it('mails a link for a new device; the link authorizes it once, then reports a repeat', async () => {
    const refused = await signInFrom('laptop-fingerprint-1');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'This device is not authorized yet. We have emailed you a link to authorize it.',
    );

    const link = await t.mailbox.waitFor(
      clinic.email,
      /\/validate\/([0-9a-f-]{36})\/([0-9a-f-]{36})/,
    );
    const [, uid, vid] = link;
    const confirm = () =>
      t.call('PATCH', `/api/v1/accounts/${uid}/confirm`, { body: { visitorId: vid } });
    const first = await confirm();
    expectStatus(first, 200);
    expect(first.body.data).toEqual({ status: 'success' });
    expect((await confirm()).body.data).toEqual({ status: 'repeat' });
    expectStatus(await signInFrom('laptop-fingerprint-1'), 200);
    expect((await signInFrom('another-device')).status).toBe(403);
    expect((await signInFrom()).status).toBe(403);
  });

  it('answers a failure for an unknown link, with the spec text', async () => {
    const unknown = await t.call('PATCH', `/api/v1/accounts/${clinic.session.user.id}/confirm`, {
      body: { visitorId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(DEVICE_CONFIRM_TEXTS.failure);
    const unknownUser = await t.call(
      'PATCH',
      '/api/v1/accounts/00000000-0000-4000-8000-000000000000/confirm',
      {
        body: { visitorId: '00000000-0000-4000-8000-000000000000' },
      },
    );
    expect(unknownUser.status).toBe(404);
  });

  it('names bad ids and a missing body field', async () => {
    const badUid = await t.call('PATCH', '/api/v1/accounts/not-a-uuid/confirm', {
      body: { visitorId: 'x' },
    });
    expect(badUid.status).toBe(400);
    expect(badUid.body.error.errors).toEqual([
      { field: 'uid', message: 'uid must be a user id', code: 'field.invalid' },
    ]);
    const noVisitor = await t.call('PATCH', `/api/v1/accounts/${clinic.session.user.id}/confirm`, {
      body: {},
    });
    expect(noVisitor.body.error.errors).toEqual([
      {
        field: 'visitorId',
        message: 'visitorId must be the id from the authorization link',
        code: 'field.invalid',
      },
    ]);
  });
});
