import { PATIENT_MESSAGES, nricFor } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { withTenant } from '../../db/tenant-db.ts';
import { addBranch, expectStatus, patientBody, type Clinic } from '../../../test/helpers.ts';

const {
  t,
  clinics: [clinic, other],
} = setupApiTest({ clinics: 2 });

const as = (c: Clinic) => ({ token: c.token, branchId: c.branchId });
const create = (body: unknown, c = clinic) =>
  t.call('POST', '/api/v1/patients', { ...as(c), body });
const fieldsOf = (response: {
  body: { error: { errors: Array<{ field: string; message: string }> } };
}) => Object.fromEntries(response.body.error.errors.map((e) => [e.field, e.message]));

async function setHciCode(c: Clinic, hciCode: string | null) {
  await withTenant(t.database.db, c.tenantId, (tx) =>
    tx.db.updateTable('branches').set({ hciCode }).execute(),
  );
}

describe('POST /patients', () => {
  it('registers a patient with a generated card number', async () => {
    const response = await create(patientBody());
    expectStatus(response, 201);
    const profile = await t.call(
      'GET',
      `/api/v1/patients/${response.body.data.patientId}/profile`,
      as(clinic),
    );
    expectStatus(profile, 200);
    expect(profile.body.data).toMatchObject({
      cardNoPrefix: 'P',
      idType: 'NRIC',
      gender: 'M',
      nationality: 'SG',
    });
    expect(profile.body.data.cardNo).toMatch(/^P\d{6}$/);
    expect(profile.body.data.age.years).toBeGreaterThan(40);
  });

  it('answers each rule of the form with the spec messages', async () => {
    const missing = await create({});
    expect(missing.status).toBe(400);
    expect(Object.keys(fieldsOf(missing)).sort()).toEqual(
      ['birthDate', 'contactNo', 'gender', 'idType', 'name', 'nationality', 'telCode'].sort(),
    );
    const limits = await create(
      patientBody({
        contactNo: '9'.repeat(33),
        father: 'F'.repeat(141),
        mother: 'M'.repeat(141),
        email: `${'e'.repeat(95)}@x.com`,
      }),
    );
    expect(fieldsOf(limits)).toMatchObject({
      contactNo: 'Mobile cannot exceed 32 characters',
      father: 'Father name cannot exceed 140 characters',
      mother: 'Mother name cannot exceed 140 characters',
      email: 'Email cannot exceed 100 characters',
    });
    expect(fieldsOf(await create(patientBody({ email: 'a@b.comm' })))).toEqual({
      email: 'Email cannot have more than 3 letters after "."',
    });
  });

  it("answers 'NRIC is invalid' for a failed checksum of NRIC, SB, SH and SP numbers", async () => {
    for (const idType of ['NRIC', 'SB', 'SH', 'SP']) {
      const response = await create(patientBody({ idType, nric: 'S1234567A' }));
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('NRIC is invalid');
    }
    expectStatus(await create(patientBody({ idType: 'PP', nric: 'E1234567X' })), 201);
  });

  it('clears the number for ID type NA and refuses unknown list entries', async () => {
    const na = await create(patientBody({ idType: 'NA', nric: 'whatever' }));
    expectStatus(na, 201);
    const profile = await t.call(
      'GET',
      `/api/v1/patients/${na.body.data.patientId}/profile`,
      as(clinic),
    );
    expect(profile.body.data.nric).toBeNull();
    const unknown = await create(patientBody({ idType: 'XX', nationality: 'Atlantis' }));
    expect(fieldsOf(unknown)).toEqual({
      idType: 'Please choose an ID type from the list.',
      nationality: 'Please choose a nationality from the list.',
    });
  });

  it('requires a parent under 16, and for a clinic with an HCI code an English name and a newborn birth time', async () => {
    const child = await create(patientBody({ birthDate: '2018-01-01' }));
    expect(fieldsOf(child)).toEqual({
      father: PATIENT_MESSAGES.fatherRequired,
      mother: PATIENT_MESSAGES.motherRequired,
    });
    expectStatus(await create(patientBody({ birthDate: '2018-01-01', mother: 'Mary Ho' })), 201);
    const future = await create(patientBody({ birthDate: '2999-01-01' }));
    expect(fieldsOf(future)).toEqual({ birthDate: 'Birth date cannot be later than today.' });

    await setHciCode(clinic, '20M0042');
    try {
      expect(fieldsOf(await create(patientBody({ name: '陈大文' })))).toEqual({
        name: 'Please enter the english name',
      });
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const newborn = await create(
        patientBody({ birthDate: today, mother: 'Mary Ho', idType: 'NA', nric: null }),
      );
      expect(fieldsOf(newborn)).toEqual({ birthTime: PATIENT_MESSAGES.birthTimeRequired });
      expectStatus(
        await create(
          patientBody({
            birthDate: today,
            birthTime: '07:45',
            mother: 'Mary Ho',
            idType: 'NA',
            nric: null,
          }),
        ),
        201,
      );
    } finally {
      await setHciCode(clinic, null);
    }
  });

  it('refuses duplicates with the spec messages, and takes a same-name patient when told to', async () => {
    const first = patientBody();
    expectStatus(await create(first), 201);
    const sameNric = await create(patientBody({ nric: first.nric }));
    expect(sameNric.body.error).toMatchObject({ message: PATIENT_MESSAGES.nricTaken });
    expect(fieldsOf(sameNric)).toEqual({ nric: 'Patient nric already in used' });

    const custom = patientBody({ cardNoPrefix: 'Custom', cardNo: 'VIP-001' });
    expectStatus(await create(custom), 201);
    const sameCard = await create(patientBody({ cardNoPrefix: 'Custom', cardNo: 'VIP-001' }));
    expect(sameCard.body.error.message).toBe('Patient card number already in used');

    const twin = { ...first, nric: nricFor('T', '0123456') };
    const sameName = await create(twin);
    expect(sameName.body.error.message).toBe('Patient name already in used');
    expectStatus(await create({ ...twin, ignoreNameCheck: true }), 201);
  });

  it('never gives two patients the same card number under concurrency', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => create(patientBody())));
    responses.forEach((response) => expectStatus(response, 201));
    const cards = await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.selectFrom('patients').select('cardNo').where('cardNoPrefix', '=', 'P').execute(),
    );
    const numbers = cards.map((row) => row.cardNo);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('PATCH nric and card number', () => {
  it('checks the checksum of the patient ID type and uniqueness', async () => {
    const a = patientBody();
    const b = patientBody();
    await create(a);
    const { patientId } = (await create(b)).body.data;
    const invalid = await t.call('PATCH', `/api/v1/patients/${patientId}/nric`, {
      ...as(clinic),
      body: { nric: 'S1234567A' },
    });
    expect(invalid.body.error.message).toBe('NRIC is invalid');
    const taken = await t.call('PATCH', `/api/v1/patients/${patientId}/nric`, {
      ...as(clinic),
      body: { nric: a.nric },
    });
    expect(taken.body.error.message).toBe('Patient nric already in used');
    const fixed = await t.call('PATCH', `/api/v1/patients/${patientId}/nric`, {
      ...as(clinic),
      body: { nric: nricFor('S', '7777777').toLowerCase() },
    });
    expectStatus(fixed, 200);
    expect(fixed.body.data.nric).toBe(nricFor('S', '7777777'));

    const card = await t.call('PATCH', `/api/v1/patients/${patientId}/card-no`, {
      ...as(clinic),
      body: { cardNo: 'NEW-123' },
    });
    expectStatus(card, 200);
    expect(card.body.data.cardNo).toBe('NEW-123');
    const empty = await t.call('PATCH', `/api/v1/patients/${patientId}/card-no`, {
      ...as(clinic),
      body: { cardNo: ' ' },
    });
    expect(empty.status).toBe(400);
  });

  it('gives no ID number to a patient of ID type NA', async () => {
    const { patientId } = (await create(patientBody({ idType: 'NA', nric: null }))).body.data;
    const refused = await t.call('PATCH', `/api/v1/patients/${patientId}/nric`, {
      ...as(clinic),
      body: { nric: nricFor('S', '6666666') },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'This patient has no ID number (ID type NA): change the ID type first.',
    );
  });
});

describe('GET /patients/option', () => {
  it('finds patients by a fragment of the chosen field', async () => {
    const marker = `Zebra${Date.now() % 100000}`;
    const body = patientBody({ name: `${marker} Lim`, contactNo: '98765432' });
    const { patientId } = (await create(body)).body.data;
    const byName = await t.call(
      'GET',
      `/api/v1/patients/option?keyword=${marker.slice(0, 6).toLowerCase()}&filter=patient_name`,
      as(clinic),
    );
    expectStatus(byName, 200);
    expect(byName.body.data.items.map((p: { id: string }) => p.id)).toContain(patientId);
    const byNric = await t.call(
      'GET',
      `/api/v1/patients/option?keyword=${body.nric.slice(2, 6)}&filter=nric`,
      as(clinic),
    );
    expect(byNric.body.data.items.map((p: { id: string }) => p.id)).toContain(patientId);
    const byPhone = await t.call(
      'GET',
      '/api/v1/patients/option?keyword=8765&filter=contact_no',
      as(clinic),
    );
    expect(byPhone.body.data.items[0]).toMatchObject({
      contactNo: expect.stringContaining('8765'),
    });
  });

  it('needs 2 characters and a known filter', async () => {
    const short = await t.call('GET', '/api/v1/patients/option?keyword=a', as(clinic));
    expect(short.status).toBe(400);
    expect(short.body.error.errors[0].field).toBe('keyword');
    const filter = await t.call(
      'GET',
      '/api/v1/patients/option?keyword=ab&filter=blood_group',
      as(clinic),
    );
    expect(filter.body.error.errors[0].field).toBe('filter');
  });
});

describe('isolation', () => {
  it("another clinic neither finds nor reads nor changes this clinic's patients", async () => {
    const body = patientBody({ name: 'Isolated Person Tan' });
    const { patientId } = (await create(body)).body.data;
    const search = await t.call(
      'GET',
      '/api/v1/patients/option?keyword=Isolated&filter=patient_name',
      as(other),
    );
    expect(search.body.data.items).toEqual([]);
    expect((await t.call('GET', `/api/v1/patients/${patientId}/profile`, as(other))).status).toBe(
      404,
    );
    const patch = await t.call('PATCH', `/api/v1/patients/${patientId}/card-no`, {
      ...as(other),
      body: { cardNo: 'X-1' },
    });
    expect(patch.status).toBe(404);
    // The other clinic may register the same NRIC: uniqueness is per clinic.
    expectStatus(await create({ ...body, ignoreNameCheck: false }, other), 201);
  });

  it('a branch the user cannot use is refused', async () => {
    const east = await addBranch(t, clinic, 'EAST');
    const response = await t.call('GET', '/api/v1/patients/option?keyword=Tan', {
      token: clinic.token,
      branchId: east,
    });
    expect(response.status).toBe(403);
  });
});
