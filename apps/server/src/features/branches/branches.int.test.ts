import { ALL_PERMISSIONS } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { withTenant } from '../../db/tenant-db.ts';
import { expectStatus, giveBranch, signIn } from '../../../test/helpers.ts';

const {
  t,
  clinics: [a, b],
} = setupApiTest({ clinics: 2 });
let secondBranchOfA: string;
beforeAll(async () => {
  // Clinic A opens a second branch the administrator cannot work in (yet).
  secondBranchOfA = await withTenant(t.database.db, a.tenantId, async (tx) => {
    const { id } = await tx.db
      .insertInto('branches')
      .values({
        tenantId: a.tenantId,
        code: 'EAST',
        name: 'East branch',
        hciCode: '21M0099',
        address: '1 East Road',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
});

describe('GET /branches/current', () => {
  it('answers the chosen branch with its currency and printer', async () => {
    const response = await t.call('GET', '/api/v1/branches/current', {
      token: a.token,
      branchId: a.branchId,
    });
    expectStatus(response, 200);
    expect(response.body.data).toMatchObject({
      id: a.branchId,
      code: 'MAIN',
      isDefault: true,
      currency: 'SGD',
      printer: false,
      country: 'SG',
      hasLogo: false,
    });
  });

  it('needs the BranchId header, and a well-formed one', async () => {
    expect((await t.call('GET', '/api/v1/branches/current', { token: a.token })).status).toBe(400);
    const malformed = await t.call('GET', '/api/v1/branches/current', {
      token: a.token,
      branchId: 'MAIN',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe('The BranchId header must be a branch id.');
  });

  it('refuses a branch of another clinic, and a branch of the same clinic the user may not use', async () => {
    const foreign = await t.call('GET', '/api/v1/branches/current', {
      token: b.token,
      branchId: a.branchId,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toBe('You do not have access to this branch.');
    const notMine = await t.call('GET', '/api/v1/branches/current', {
      token: a.token,
      branchId: secondBranchOfA,
    });
    expect(notMine.status).toBe(403);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/v1/branches/current', { branchId: a.branchId })).status).toBe(
      401,
    );
  });
});

describe('GET /branches/options', () => {
  it('lists only the branches the user may use, default first', async () => {
    await giveBranch(t, a, a.session.user.id, secondBranchOfA);
    const session = await signIn(t, a.email, a.password);
    const response = await t.call('GET', '/api/v1/branches/options', { token: session.token });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({
      items: [
        {
          id: a.branchId,
          code: 'MAIN',
          name: `Clinic ${a.subdomain}`,
          isDefault: true,
          role: { id: expect.any(String), name: 'Administrator' },
          permissions: [...ALL_PERMISSIONS].sort(),
        },
        {
          id: secondBranchOfA,
          code: 'EAST',
          name: 'East branch',
          isDefault: false,
          role: { id: expect.any(String), name: 'Administrator' },
          permissions: [...ALL_PERMISSIONS].sort(),
        },
      ],
      total: 2,
    });
    expect(session.branches.map((branch) => branch.code)).toEqual(['MAIN', 'EAST']);
    const east = await t.call('GET', '/api/v1/branches/current', {
      token: session.token,
      branchId: secondBranchOfA,
    });
    expect(east.body.data).toMatchObject({
      code: 'EAST',
      hciCode: '21M0099',
      address: '1 East Road',
      isDefault: false,
    });
  });

  it("never shows another clinic's branches", async () => {
    const response = await t.call('GET', '/api/v1/branches/options', { token: b.token });
    expect(response.body.data.items.map((item: { id: string }) => item.id)).toEqual([b.branchId]);
    const withForeignHeader = await t.call('GET', '/api/v1/branches/options', {
      token: b.token,
      branchId: a.branchId,
    });
    expect(withForeignHeader.status).toBe(403);
  });
});
