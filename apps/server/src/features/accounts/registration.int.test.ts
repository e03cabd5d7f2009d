import { ALL_PERMISSIONS, messageCatalogue } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { tenantIdBySubdomain } from '../../platform/directory.ts';
import { ALREADY_REGISTERED_MAILS } from './registration.service.ts';
import {
  expectStatus,
  randomAddress,
  readActivationCode,
  readTemporaryPassword,
  registrationBody,
  signIn,
} from '../../../test/helpers.ts';

const { t } = setupApiTest({ clinics: 0 });

const register = (body: unknown, remoteAddress = randomAddress()) =>
  t.call('POST', '/api/v1/tenants', { body, remoteAddress });

describe('registration, activation and first sign-in', () => {
  it('takes a clinic from registration to its own password, with codes read from real mail', async () => {
    const body = registrationBody();
    const registered = await register(body);
    expectStatus(registered, 201);
    expect(registered.body.data).toMatchObject({ subdomain: body.subdomain, email: body.email });

    // Not activated yet: the administrator has no password at all.
    const early = await t.call('POST', '/api/v1/sign-in', {
      body: { username: body.email, password: 'anything-1' },
    });
    expect(early.status).toBe(400);

    const code = await readActivationCode(t, body.email);
    const confirmed = await t.call('PUT', `/api/v1/tenants/${body.subdomain}/confirm`, {
      body: { activeCode: ` ${code.slice(0, 2)} ${code.slice(2)} ` },
    });
    expectStatus(confirmed, 200);
    expect(confirmed.body.data).toEqual({ subdomain: body.subdomain, activated: true });

    const temporary = await readTemporaryPassword(t, body.email);
    const first = await signIn(t, body.email.toUpperCase(), temporary);
    expect(first.user).toMatchObject({
      username: body.email,
      firstName: 'Grace',
      lastName: 'Ho',
      type: 'Administrator',
      mustChangePassword: true,
    });
    expect(first.kind).toBe('clinic');
    expect(first.branches).toEqual([
      {
        id: expect.any(String),
        code: 'MAIN',
        name: body.clinic,
        isDefault: true,
        // The first user administers the clinic: the Administrator role, every permission.
        role: { id: expect.any(String), name: 'Administrator' },
        permissions: [...ALL_PERMISSIONS].sort(),
      },
    ]);
    expect(first.modules).toContain('clinic.queue');
    expect(first.tenant).toMatchObject({ subdomain: body.subdomain, status: 'trial' });
    expect(first.tenant.trialEndsAt).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);

    const changed = await t.call('PUT', '/api/v1/accounts/password', {
      token: first.token,
      body: { currentPassword: temporary, newPassword: 'Sunrise-clinic-42' },
    });
    expectStatus(changed, 200);

    const second = await signIn(t, body.email, 'Sunrise-clinic-42');
    expect(second.user.mustChangePassword).toBe(false);
    const old = await t.call('POST', '/api/v1/sign-in', {
      body: { username: body.email, password: temporary },
    });
    expect(old.status).toBe(400);
  });

  it('refuses a taken subdomain on its field, and says nothing about the email', async () => {
    const body = registrationBody();
    expectStatus(await register(body), 201);
    const again = await register({ ...body, subdomain: body.subdomain.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.body.error.errors).toEqual([
      {
        field: 'subdomain',
        message: messageCatalogue['tenant.message.subdomainTaken'],
        code: 'tenant.message.subdomainTaken',
      },
    ]);
  });

  it('answers a registered email as it answers a new one, and mails the address instead', async () => {
    // The attack: sign-up told anyone whether an address belonged to a user of any clinic.
    const owner = registrationBody();
    expectStatus(await register(owner), 201);
    t.mailbox.clear();

    const probe = registrationBody({ email: owner.email.toUpperCase(), clinic: 'Probe Clinic' });
    const fresh = registrationBody();
    const [taken, free] = [await register(probe), await register(fresh)];
    expect(taken.status).toBe(free.status);
    expect(taken.status).toBe(201);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
    expect(Object.keys(taken.body.data).sort()).toEqual(Object.keys(free.body.data).sort());
    expect(taken.body.data).toEqual({
      tenantId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      subdomain: probe.subdomain,
      email: owner.email,
    });

    // The owner learns of it by mail; no clinic was created for the probe.
    await t.mailbox.waitFor(owner.email, /no new clinic was created/);
    expect(await tenantIdBySubdomain(t.database.db, probe.subdomain)).toBeUndefined();
    expect(await tenantIdBySubdomain(t.database.db, fresh.subdomain)).toBeDefined();
    const resend = await t.call('POST', `/api/v1/tenants/${probe.subdomain}/resend`);
    expect(resend.status).toBe(404);
  });

  it('mails the owner of a registered address at most a few times an hour', async () => {
    const owner = registrationBody();
    expectStatus(await register(owner), 201);
    t.mailbox.clear();
    for (let i = 0; i < ALREADY_REGISTERED_MAILS.limit + 2; i += 1) {
      expectStatus(await register(registrationBody({ email: owner.email })), 201);
    }
    await t.mailbox.waitFor(owner.email, /no new clinic was created/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = t.mailbox.mails.filter(
      (mail) => mail.to.includes(owner.email) && /no new clinic/.test(mail.text),
    );
    expect(sent).toHaveLength(ALREADY_REGISTERED_MAILS.limit);
  });

  it('refuses control characters in the clinic name and the person names, naming the field', async () => {
    const lineBreak = await register(registrationBody({ clinic: 'Sunrise Clinic\nBcc: everyone' }));
    expect(lineBreak.status).toBe(400);
    expect(lineBreak.body.error.errors).toEqual([
      {
        field: 'clinic',
        message: 'clinic must be on one line, without control characters',
        code: 'field.singleLine',
      },
    ]);
    const bell = await register(
      registrationBody({ firstName: 'Gr\u0007ace', lastName: 'Ho\u2028' }),
    );
    expect(bell.status).toBe(400);
    expect(bell.body.error.errors).toEqual([
      {
        field: 'firstName',
        message: 'firstName must be on one line, without control characters',
        code: 'field.singleLine',
      },
      {
        field: 'lastName',
        message: 'lastName must be on one line, without control characters',
        code: 'field.singleLine',
      },
    ]);
  });

  it('gives one error per bad field under the spec message keys', async () => {
    const response = await register({
      subdomain: '-bad-',
      clinic: 'Tiny',
      firstName: '  ',
      lastName: 'Ho',
      email: 'not-an-email',
      country: 'XX',
      timezone: 480,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('request.invalid');
    const codes = Object.fromEntries(
      response.body.error.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
    );
    expect(codes).toEqual({
      subdomain: 'tenant.message.subdomain',
      clinic: 'tenant.message.clinicName',
      firstName: 'tenant.message.fullName',
      email: 'tenant.message.email',
      country: 'tenant.message.country',
    });
  });

  it('trims text inputs and keeps subdomain and email in lower case', async () => {
    const body = registrationBody();
    const response = await register({
      ...body,
      subdomain: `  ${body.subdomain.toUpperCase()} `,
      email: ` ${body.email.toUpperCase()}`,
    });
    expectStatus(response, 201);
    expect(response.body.data).toMatchObject({ subdomain: body.subdomain, email: body.email });
  });

  it('answers 400 naming the field for missing, wrong-type, too long and malformed input', async () => {
    const missing = await register({});
    expect(missing.status).toBe(400);
    expect(missing.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'clinic',
      'country',
      'email',
      'firstName',
      'lastName',
      'subdomain',
      'timezone',
    ]);
    const wrongType = await register({
      ...registrationBody(),
      timezone: 'eight',
      subdomain: 12345,
    });
    expect(wrongType.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'subdomain',
      'timezone',
    ]);
    const tooLong = await register({ ...registrationBody(), clinic: 'x'.repeat(256) });
    expect(tooLong.body.error.errors).toEqual([
      expect.objectContaining({ field: 'clinic', code: 'tenant.message.clinicName' }),
    ]);
    const longEmail = await register({
      ...registrationBody(),
      email: `${'a'.repeat(310)}@example.com`,
    });
    expect(longEmail.body.error.errors[0].field).toBe('email');
    const extra = await register({ ...registrationBody(), plan: 'gold' });
    expect(extra.body.error.errors).toEqual([
      { field: 'plan', message: 'plan is not a known field', code: 'field.unknown' },
    ]);
    const malformed = await t.call('POST', '/api/v1/tenants', { rawBody: '{"subdomain": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.errors).toEqual([
      {
        field: 'body',
        message: 'The request body is not valid JSON.',
        code: 'request.invalidJson',
      },
    ]);
    const notObject = await t.call('POST', '/api/v1/tenants', { rawBody: '[1,2]' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error.errors[0].field).toBe('body');
  });

  it('limits registrations from one address', async () => {
    const address = randomAddress();
    for (let i = 0; i < 10; i += 1) expectStatus(await register(registrationBody(), address), 201);
    const limited = await register(registrationBody(), address);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('tenant.registrationLimit');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('activation code', () => {
  it('requires the code, with the spec message', async () => {
    const body = registrationBody();
    expectStatus(await register(body), 201);
    for (const payload of [{}, { activeCode: '   ' }]) {
      const response = await t.call('PUT', `/api/v1/tenants/${body.subdomain}/confirm`, {
        body: payload,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.errors).toEqual([
        {
          field: 'activeCode',
          message: 'The activation code is required!',
          code: 'tenant.message.activeCodeRequired',
        },
      ]);
    }
  });

  it('counts wrong codes, then refuses until a new code is sent', async () => {
    const body = registrationBody();
    expectStatus(await register(body), 201);
    const code = await readActivationCode(t, body.email);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    const confirm = (activeCode: string) =>
      t.call('PUT', `/api/v1/tenants/${body.subdomain}/confirm`, { body: { activeCode } });
    const first = await confirm(wrong);
    expect(first.status).toBe(400);
    expect(first.body.error.errors[0]).toMatchObject({
      field: 'activeCode',
      message: 'The activation code is not correct. 4 attempts left.',
    });
    for (let i = 0; i < 4; i += 1) await confirm(wrong);
    const locked = await confirm(code);
    expect(locked.status).toBe(400);
    expect(locked.body.error.message).toBe(
      'Too many wrong codes. Please ask for a new activation code.',
    );

    t.mailbox.clear();
    expectStatus(await t.call('POST', `/api/v1/tenants/${body.subdomain}/resend`), 200);
    const fresh = await readActivationCode(t, body.email);
    expectStatus(await confirm(fresh), 200);
    const repeat = await confirm(fresh);
    expect(repeat.status).toBe(400);
    expect(repeat.body.error.message).toBe('This clinic is already activated. Please sign in.');
  });

  it('refuses an expired code', async () => {
    const body = registrationBody();
    expectStatus(await register(body), 201);
    const code = await readActivationCode(t, body.email);
    await expireActivationCode(body.subdomain);
    const response = await t.call('PUT', `/api/v1/tenants/${body.subdomain}/confirm`, {
      body: { activeCode: code },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.errors[0]).toMatchObject({
      field: 'activeCode',
      message: 'This activation code has expired. Please ask for a new one.',
    });
  });

  it('limits resends and answers 404 for an unknown subdomain', async () => {
    const body = registrationBody();
    expectStatus(await register(body), 201);
    expectStatus(await t.call('POST', `/api/v1/tenants/${body.subdomain}/resend`), 200);
    const soon = await t.call('POST', `/api/v1/tenants/${body.subdomain}/resend`);
    expect(soon.status).toBe(429);
    const unknown = await t.call('POST', '/api/v1/tenants/no-such-clinic-here/resend');
    expect(unknown.status).toBe(404);
    const unknownConfirm = await t.call('PUT', '/api/v1/tenants/no-such-clinic-here/confirm', {
      body: { activeCode: '1' },
    });
    expect(unknownConfirm.status).toBe(404);
  });
});

/** Moves a tenant's code expiry into the past, as if a day had gone by. */
async function expireActivationCode(subdomain: string): Promise<void> {
  const { withTenant } = await import('../../db/tenant-db.ts');
  const { tenantIdBySubdomain } = await import('../../platform/directory.ts');
  const tenantId = (await tenantIdBySubdomain(t.database.db, subdomain))!;
  await withTenant(t.database.db, tenantId, (tx) =>
    tx.db
      .updateTable('tenants')
      .set({ activationCodeExpiresAt: new Date(Date.now() - 1000) })
      .execute(),
  );
}
