import { SEEDED_SUBSIDY_TIERS } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  patientBody,
  roleIdOf,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Scheme subsidies (issue 13, docs/architecture.md "Billing" > "Subsidies"). */
const {
  t,
  clinics: [clinic, other],
  users,
  admin,
} = setupApiTest({
  clinics: 2,
  users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } },
});

interface Caller {
  token: string;
  branchId: string;
}

const api = (path: string) => `/api/v1${path}`;
let finance: Caller;
let otherAdmin: Caller;
let branchB: string;

interface Tier {
  id: string;
  code: string;
  name: string;
  version: number;
  perVisitCapCents: Record<string, number | null>;
  annualCapCents: Record<string, number | null>;
  drugSubsidyBasisPoints: number;
  absorbsDrugGst: boolean;
  isActive: boolean;
}

beforeAll(async () => {
  const user = await addUser(t, clinic, 'Front Desk', {
    roleIds: [await roleIdOf(t, clinic, 'Finance')],
  });
  finance = { token: user.token, branchId: clinic.branchId };
  otherAdmin = { token: other.token, branchId: other.branchId };
  branchB = await addBranch(t, clinic, unique('SB').slice(0, 10).toUpperCase());
});

function expectField(response: ApiResponse, status: number, field: string, code?: string) {
  expectStatus(response, status);
  const errors: Array<{ field: string; code: string }> = response.body.error.errors ?? [];
  expect(errors.map((error) => error.field)).toContain(field);
  if (code) expect(errors.find((error) => error.field === field)?.code).toBe(code);
}

async function newPatient(): Promise<string> {
  const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  return patient.body.data.patientId;
}

function setCard(
  patientId: string,
  body: Record<string, unknown>,
  caller: Caller = users.desk,
): Promise<ApiResponse> {
  return t.call('PUT', api(`/patients/${patientId}/subsidy`), { ...caller, body });
}

async function tiers(): Promise<Tier[]> {
  const response = await t.call('GET', api('/settings/subsidies'), finance);
  expectStatus(response, 200);
  return response.body.data.items;
}

async function tier(code: string): Promise<Tier> {
  const found = (await tiers()).find((candidate) => candidate.code === code);
  if (!found) throw new Error(`no tier ${code}`);
  return found;
}

function editTier(found: Tier, change: Partial<Tier>, caller: Caller = finance) {
  const { id, code: _code, ...rest } = { ...found, ...change };
  const body = { ...rest } as Record<string, unknown>;
  delete body.schemeCode;
  delete body.schemeName;
  return t.call('PUT', api(`/settings/subsidies/${id}`), { ...caller, body });
}

/** A visit of `patientId` with one line of 15 tablets at `priceCents` (7 % tax). */
async function billedVisit(patientId: string, priceCents: number) {
  const item = await t.call('POST', api('/catalogs'), {
    ...admin,
    body: {
      type: 'Med',
      code: unique('SUB').toUpperCase(),
      name: `Subsidol ${unique('n')}`,
      dispensingUnit: 'tab',
      sellingPriceCents: priceCents,
    },
  });
  expectStatus(item, 201);
  const queued = await t.call('POST', api('/queue'), {
    ...admin,
    body: { patientId, doctorId: users.doctor.id, visitPurposes: ['Consultation'] },
  });
  expectStatus(queued, 201);
  const visitId = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const visit = await tx.db
      .selectFrom('visits')
      .select('id')
      .where('patientId', '=', patientId)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    return visit.id;
  });
  const line = await t.call('POST', api(`/visits/${visitId}/prescriptions`), {
    ...admin,
    body: {
      catalogItemId: item.body.data.id,
      prescriptMode: 1,
      consumeQuantity: 1,
      frequency: 'TDS',
      duration: 5,
      cycle: 'day',
    },
  });
  expectStatus(line, 201);
  return visitId;
}

interface InvoiceAnswer {
  id: string;
  version: number;
  status: string;
  lines: Array<{ id: string; subsidyCents: number; taxCents: number; subtotalCents: number }>;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  subsidyCents: number;
  insuranceCents: number;
  roundingCents: number;
  grandTotalCents: number;
  subsidy: null | {
    schemeCode: string;
    tierCode: string;
    tierName: string;
    visitKind: string;
    dollarSubsidyCents: number;
    percentageSubsidyCents: number;
    gstAbsorbedCents: number;
  };
}

function expectTotals(invoice: InvoiceAnswer) {
  expect(invoice.grandTotalCents).toBe(
    invoice.subtotalCents -
      invoice.discountCents +
      invoice.taxCents -
      invoice.subsidyCents -
      invoice.insuranceCents +
      invoice.roundingCents,
  );
  expect(invoice.subsidyCents).toBe(
    invoice.lines.reduce((sum, line) => sum + line.subsidyCents, 0),
  );
}

async function draft(visitId: string): Promise<InvoiceAnswer> {
  const response = await t.call('POST', api(`/visits/${visitId}/invoice`), users.desk);
  expectStatus(response, 201);
  expectTotals(response.body.data);
  return response.body.data;
}

function editDraft(invoice: InvoiceAnswer, change: Record<string, unknown>) {
  return t.call('PUT', api(`/invoices/${invoice.id}`), {
    ...users.desk,
    body: { version: invoice.version, taxOptionCode: 'TAX', ...change },
  });
}

async function finalise(invoice: InvoiceAnswer): Promise<InvoiceAnswer> {
  const response = await t.call('POST', api(`/invoices/${invoice.id}/finalise`), {
    ...users.desk,
    body: { version: invoice.version },
  });
  expectStatus(response, 200);
  expectTotals(response.body.data);
  return response.body.data;
}

describe('the clinic’s tiers (settings sales/subsidies)', () => {
  it('a new clinic starts with the CHAS tiers and the Healthier SG chronic tier entries', async () => {
    const items = await tiers();
    expect(items.map((item) => item.code)).toEqual(SEEDED_SUBSIDY_TIERS.map((seed) => seed.code));
    for (const seed of SEEDED_SUBSIDY_TIERS) {
      expect(items.find((item) => item.code === seed.code)).toMatchObject({
        name: seed.name,
        schemeCode: seed.scheme,
        perVisitCapCents: seed.perVisitCapCents,
        annualCapCents: seed.annualCapCents,
        drugSubsidyBasisPoints: seed.drugSubsidyBasisPoints,
        absorbsDrugGst: seed.absorbsDrugGst,
        version: 1,
      });
    }
  });

  it('finance edits a tier at its version; a stale version is 409 and changes nothing', async () => {
    const green = await tier('CHAS-GREEN');
    const edited = await editTier(green, {
      name: 'CHAS Green (2026)',
      perVisitCapCents: { ...green.perVisitCapCents, chronicSimple: 3_000 },
    });
    expectStatus(edited, 200);
    expect(edited.body.data).toMatchObject({
      name: 'CHAS Green (2026)',
      version: 2,
      perVisitCapCents: { commonIllness: null, chronicSimple: 3_000, chronicComplex: 4_000 },
    });
    const stale = await editTier(green, { name: 'Stale' });
    expectStatus(stale, 409);
    expect((await tier('CHAS-GREEN')).name).toBe('CHAS Green (2026)');
  });

  it('bad terms name their field; the front desk may read the tiers but not change them', async () => {
    const blue = await tier('CHAS-BLUE');
    expectField(
      await editTier(blue, { perVisitCapCents: { ...blue.perVisitCapCents, chronicSimple: -1 } }),
      400,
      'perVisitCapCents.chronicSimple',
    );
    expectField(
      await editTier(blue, { drugSubsidyBasisPoints: 10_001 }),
      400,
      'drugSubsidyBasisPoints',
    );
    expectField(await editTier(blue, { name: '  ' }), 400, 'name', 'subsidy.tierNameRequired');
    expectStatus(await t.call('GET', api('/settings/subsidies'), users.desk), 200);
    expectStatus(await editTier(blue, { name: 'Desk' }, users.desk), 403);
  });

  it('another clinic neither reads nor changes this clinic’s tiers', async () => {
    const blue = await tier('CHAS-BLUE');
    const theirs = await t.call('GET', api('/settings/subsidies'), otherAdmin);
    expectStatus(theirs, 200);
    expect(theirs.body.data.items.map((item: Tier) => item.id)).not.toContain(blue.id);
    expectStatus(await editTier(blue, { name: 'Taken over' }, otherAdmin), 404);
    expect((await tier('CHAS-BLUE')).name).toBe('CHAS Blue');
  });
});

describe('a patient’s card (the subsidy tab, GET /chas/{patientId})', () => {
  it('GET /chas answers null without a tier, and the tier’s name once the desk sets one', async () => {
    const patientId = await newPatient();
    const none = await t.call('GET', api(`/chas/${patientId}`), users.desk);
    expectStatus(none, 200);
    expect(none.body.data).toEqual({ patientId, chasTierDescription: null, card: null });
    const set = await setCard(patientId, {
      version: 0,
      tierCode: 'CHAS-BLUE',
      validFrom: '2020-01-01',
      validTo: null,
    });
    expectStatus(set, 200);
    expect(set.body.data).toMatchObject({
      version: 1,
      card: { tierCode: 'CHAS-BLUE', validFrom: '2020-01-01', validTo: null, isValidToday: true },
    });
    const chas = await t.call('GET', api(`/chas/${patientId}`), users.doctor);
    expectStatus(chas, 200);
    expect(chas.body.data.chasTierDescription).toBe('CHAS Blue');
    expect(chas.body.data.card).toMatchObject({ schemeCode: 'CHAS', tierName: 'CHAS Blue' });
  });

  it('changes and clears at the card’s version; a stale version is 409', async () => {
    const patientId = await newPatient();
    const card = { tierCode: 'CHAS-ORANGE', validFrom: '2024-01-01', validTo: '2040-12-31' };
    expectStatus(await setCard(patientId, { version: 0, ...card }), 200);
    expectStatus(await setCard(patientId, { version: 0, ...card }), 409);
    const changed = await setCard(patientId, { version: 1, ...card, tierCode: 'pg' });
    expectStatus(changed, 200);
    expect(changed.body.data.card.tierCode).toBe('PG');
    expectStatus(await setCard(patientId, { version: 1, tierCode: null }), 409);
    const cleared = await setCard(patientId, { version: 2, tierCode: null });
    expectStatus(cleared, 200);
    expect(cleared.body.data).toMatchObject({ card: null, version: 0 });
  });

  it('bad input names the field', async () => {
    const patientId = await newPatient();
    expectField(
      await setCard(patientId, { version: 0, tierCode: 'GOLD', validFrom: '2024-01-01' }),
      400,
      'tierCode',
      'subsidy.tierUnknown',
    );
    expectField(
      await setCard(patientId, { version: 0, tierCode: 'CHAS-BLUE' }),
      400,
      'validFrom',
      'subsidy.validFromRequired',
    );
    expectField(
      await setCard(patientId, {
        version: 0,
        tierCode: 'CHAS-BLUE',
        validFrom: '2024-01-01',
        validTo: '2023-12-31',
      }),
      400,
      'validTo',
      'subsidy.validToBeforeFrom',
    );
    expectField(
      await setCard(patientId, { version: 0, tierCode: 'CHAS-BLUE', validFrom: '1 Jan 2024' }),
      400,
      'validFrom',
    );
    expect((await t.call('GET', api(`/chas/${patientId}`), users.desk)).body.data.card).toBeNull();
  });

  it('another clinic cannot read or set the card; a branch the user lacks is refused', async () => {
    const patientId = await newPatient();
    expectStatus(
      await setCard(patientId, { version: 0, tierCode: 'CHAS-BLUE', validFrom: '2024-01-01' }),
      200,
    );
    expectStatus(await t.call('GET', api(`/chas/${patientId}`), otherAdmin), 404);
    expectStatus(await t.call('GET', api(`/patients/${patientId}/subsidy`), otherAdmin), 404);
    expectStatus(await setCard(patientId, { version: 1, tierCode: null }, otherAdmin), 404);
    const elsewhere = { token: users.desk.token, branchId: branchB };
    expectStatus(await t.call('GET', api(`/chas/${patientId}`), elsewhere), 403);
    expectStatus(await setCard(patientId, { version: 1, tierCode: null }, elsewhere), 403);
    const still = await t.call('GET', api(`/chas/${patientId}`), users.desk);
    expect(still.body.data.chasTierDescription).toBe('CHAS Blue');
  });
});

describe('subsidies on invoices', () => {
  it('a draft of a CHAS Blue patient gets the common illness subsidy; the desk chooses the visit kind', async () => {
    const patientId = await newPatient();
    await setCard(patientId, { version: 0, tierCode: 'CHAS-BLUE', validFrom: '2020-01-01' });
    // 15 tablets at $2 = $30 + $2.10 tax = $32.10 billed.
    const invoice = await draft(await billedVisit(patientId, 200));
    expect(invoice.subsidy).toMatchObject({
      schemeCode: 'CHAS',
      tierCode: 'CHAS-BLUE',
      visitKind: 'commonIllness',
      dollarSubsidyCents: 1_850,
      percentageSubsidyCents: 0,
      gstAbsorbedCents: 0,
    });
    expect(invoice.lines[0]!.subsidyCents).toBe(1_850);
    expect(invoice.grandTotalCents).toBe(3_210 - 1_850);

    const chronic = await editDraft(invoice, { subsidyVisitKind: 'chronicSimple' });
    expectStatus(chronic, 200);
    expectTotals(chronic.body.data);
    expect(chronic.body.data.subsidy).toMatchObject({
      visitKind: 'chronicSimple',
      dollarSubsidyCents: 3_210,
    });
    expect(chronic.body.data.grandTotalCents).toBe(0);

    const none = await editDraft(chronic.body.data, { subsidyVisitKind: null });
    expectStatus(none, 200);
    expect(none.body.data).toMatchObject({
      subsidy: null,
      subsidyCents: 0,
      grandTotalCents: 3_210,
    });

    const kept = await editDraft(none.body.data, { remarks: 'no subsidy still' });
    expect(kept.body.data.subsidy).toBeNull();
    expectField(
      await editDraft(kept.body.data, { subsidyVisitKind: 'acute' }),
      400,
      'subsidyVisitKind',
    );
  });

  it('a patient without a card, or with an expired one, gets no subsidy', async () => {
    const patientId = await newPatient();
    const invoice = await draft(await billedVisit(patientId, 200));
    expect(invoice).toMatchObject({ subsidy: null, subsidyCents: 0 });
    const expired = await newPatient();
    await setCard(expired, {
      version: 0,
      tierCode: 'CHAS-BLUE',
      validFrom: '2020-01-01',
      validTo: '2021-01-01',
    });
    expect((await draft(await billedVisit(expired, 200))).subsidy).toBeNull();
  });

  it('the subsidy is frozen at finalisation: a later tier edit or card change leaves the bill alone', async () => {
    const patientId = await newPatient();
    await setCard(patientId, { version: 0, tierCode: 'MG', validFrom: '2020-01-01' });
    const issued = await finalise(await draft(await billedVisit(patientId, 200)));
    expect(issued.subsidy).toMatchObject({ tierCode: 'MG', dollarSubsidyCents: 2_350 });
    expect(issued.subsidyCents).toBe(2_350);
    const mg = await tier('MG');
    expectStatus(
      await editTier(mg, { perVisitCapCents: { ...mg.perVisitCapCents, commonIllness: 100 } }),
      200,
    );
    expectStatus(await setCard(patientId, { version: 1, tierCode: null }), 200);
    const read = await t.call('GET', api(`/invoices/${issued.id}`), users.desk);
    expect(read.body.data).toMatchObject({
      subsidyCents: 2_350,
      grandTotalCents: issued.grandTotalCents,
      subsidy: issued.subsidy,
    });
    expect(read.body.data.lines[0].subsidyCents).toBe(2_350);
    const edited = await editDraft(issued, { remarks: 'too late' });
    expectStatus(edited, 409);
  });

  it('the annual cap is shared by two chronic bills of the year, and the tab shows its use', async () => {
    const orange = await tier('CHAS-ORANGE');
    expectStatus(
      await editTier(orange, {
        annualCapCents: { ...orange.annualCapCents, chronicSimple: 6_000 },
      }),
      200,
    );
    const patientId = await newPatient();
    await setCard(patientId, { version: 0, tierCode: 'CHAS-ORANGE', validFrom: '2020-01-01' });
    const first = await draft(await billedVisit(patientId, 1_000));
    const firstChronic = await editDraft(first, { subsidyVisitKind: 'chronicSimple' });
    const firstDone = await finalise(firstChronic.body.data);
    expect(firstDone.subsidyCents).toBe(5_000);

    const second = await draft(await billedVisit(patientId, 1_000));
    const secondChronic = await editDraft(second, { subsidyVisitKind: 'chronicSimple' });
    expect(secondChronic.body.data.subsidyCents).toBe(1_000);
    const secondDone = await finalise(secondChronic.body.data);
    expect(secondDone.subsidy).toMatchObject({ dollarSubsidyCents: 1_000 });

    const tab = await t.call('GET', api(`/patients/${patientId}/subsidy`), users.desk);
    expectStatus(tab, 200);
    expect(tab.body.data.usage).toEqual([
      { visitKind: 'commonIllness', usedCents: 0, annualCapCents: null, remainingCents: null },
      { visitKind: 'chronicSimple', usedCents: 6_000, annualCapCents: 6_000, remainingCents: 0 },
      {
        visitKind: 'chronicComplex',
        usedCents: 6_000,
        annualCapCents: 32_000,
        remainingCents: 26_000,
      },
    ]);

    // A voided bill gives its share back.
    const voided = await t.call('POST', api(`/invoices/${secondDone.id}/void`), {
      ...users.desk,
      body: { version: secondDone.version, reason: 'Billed twice' },
    });
    expectStatus(voided, 200);
    const after = await t.call('GET', api(`/patients/${patientId}/subsidy`), users.desk);
    expect(after.body.data.usage[1]).toMatchObject({ usedCents: 5_000, remainingCents: 1_000 });
  });
});
