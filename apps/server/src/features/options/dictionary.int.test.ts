import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { expectStatus } from '../../../test/helpers.ts';

const { t, admin, users } = setupApiTest({ users: { desk: { type: 'Front Desk' } } });

/** `GET /dictionary/options?typeId=` (doc 2 section 7): MC purposes, relationships, salutations. */
describe('the dictionaries', () => {
  const descriptions = async (typeId: number) => {
    const response = await t.call('GET', `/api/v1/dictionary/options?typeId=${typeId}`, users.desk);
    expectStatus(response, 200);
    expect(response.body.data.total).toBe(response.body.data.items.length);
    return response.body.data.items as { id: string; code: string; description: string }[];
  };

  it('answers each of the three starter lists to any signed-in user', async () => {
    const purposes = await descriptions(1);
    expect(purposes[0]).toEqual({
      id: expect.any(String),
      code: 'Sick leave',
      description: 'Sick leave',
    });
    expect(purposes.map((item) => item.description)).toContain('Unfit for school');
    expect((await descriptions(2)).map((item) => item.description)).toContain('Mother');
    expect((await descriptions(3)).map((item) => item.description).slice(0, 3)).toEqual([
      'Mr',
      'Mrs',
      'Ms',
    ]);
  });

  it('refuses another type', async () => {
    const response = await t.call('GET', '/api/v1/dictionary/options?typeId=9', users.desk);
    expectStatus(response, 400);
    expect(response.body.error.errors[0].field).toBe('typeId');
  });

  it('is a list the administrator edits', async () => {
    const added = await t.call('POST', '/api/v1/settings/lists/mcPurpose', {
      ...admin,
      body: { code: 'Jury duty excuse' },
    });
    expectStatus(added, 201);
    expect((await descriptions(1)).map((item) => item.description)).toContain('Jury duty excuse');
  });
});
