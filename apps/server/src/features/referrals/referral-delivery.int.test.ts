import { REFERRAL_MESSAGES } from '@clinic/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  createRole,
  expectStatus,
  patientBody,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Sending a referral's letter by email and submitting an HSG referral (issue 14). */
const { t, clinics, admin, users } = setupApiTest({
  clinics: 2,
  // The outbox retries every second here, so a recovered mail server is seen quickly.
  config: { mailRetrySeconds: 1 },
  users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } },
});

type Caller = { token: string; branchId: string };
type Visit = { visitId: string; patientId: string; name: string };

async function openVisit(
  caller: Caller,
  doctorId: string,
  email: string | null = null,
): Promise<Visit> {
  const body = patientBody({ email });
  const patient = await t.call('POST', '/api/v1/patients', { ...caller, body });
  expectStatus(patient, 201);
  const patientId: string = patient.body.data.patientId;
  const entry = await t.call('POST', '/api/v1/queue', {
    ...caller,
    body: { patientId, doctorId, visitPurposes: ['Consultation'] },
  });
  expectStatus(entry, 201);
  const visits = await t.call('GET', `/api/v1/visits?patientId=${patientId}`, caller);
  return { visitId: visits.body.data.items[0].id, patientId, name: body.name };
}

const now = () => Math.floor(Date.now() / 1000);

/** A complete HSG routine referral to SGH orthopaedics. */
const hsgBody = (visit: Visit, overrides: Record<string, unknown> = {}) => ({
  patientId: visit.patientId,
  visitId: visit.visitId,
  issueDate: now() - 300,
  isHsg: true,
  referralType: 1,
  referralInstitution: 'SGH',
  speciallyService: 'ORT',
  patientRequest: 'Subsidised Referral',
  treatments: 'Analgesia, physiotherapy',
  diagnosisText: 'Right knee pain',
  referralReason: 'Persistent pain after six weeks of physiotherapy',
  drugAllergies: 'NKDA',
  ...overrides,
});

let visit: Visit;

beforeAll(async () => {
  visit = await openVisit(admin, users.doctor.id, 'patient-knee@example.com');
});

async function createReferral(body: unknown, caller: Caller = users.doctor): Promise<string> {
  const created = await t.call('POST', '/api/v1/referrals/out', { ...caller, body });
  expectStatus(created, 201);
  return created.body.data.id as string;
}

const send = (id: string, body: unknown, caller: Caller = users.doctor) =>
  t.call('PATCH', `/api/v1/referrals/out/send/${id}`, { ...caller, body });

const submit = (id: string, body: unknown, caller: Caller = users.doctor) =>
  t.call('PATCH', `/api/v1/referrals/out/${id}`, { ...caller, body });

/** Waits until the referral's send status is `status` (the outbox works after the call). */
async function sendStatusBecomes(id: string, status: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await t.call('GET', `/api/v1/referrals/out/${id}`, users.doctor);
    if (got.body.data.sendStatus === status) return got.body.data;
    if (Date.now() > deadline) {
      throw new Error(`send status ${got.body.data.sendStatus}, never ${status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function pdfText(content: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(content));
  return (await extractText(document, { mergePages: true })).text;
}

describe('sending a referral by email (PATCH /referrals/out/send/{id})', () => {
  it('queues the letter as a PDF naming the patient; Sent, then Success once accepted', async () => {
    const id = await createReferral(hsgBody(visit));
    const sent = await send(id, { email: 'ortho.sgh@example.com' });
    expectStatus(sent, 200);
    expect(sent.body.data).toMatchObject({ id, sendStatus: 2, rowVersion: 1 });

    const mail = await t.mailbox.waitForAttachment('ortho.sgh@example.com');
    expect(mail.subject).toMatch(/^Referral letter from /);
    expect(mail.text).not.toContain(visit.name);
    const [attachment] = mail.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toMatch(/^ReferralLetter_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(attachment?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(attachment!.content);
    expect(text).toContain(visit.name);
    expect(text).toContain('Singapore General Hospital');

    await sendStatusBecomes(id, 3);
  });

  it("goes to the patient's email on record when no address is given; refuses when there is none", async () => {
    const id = await createReferral(hsgBody(visit));
    expectStatus(await send(id, {}), 200);
    await t.mailbox.waitForAttachment('patient-knee@example.com');
    await sendStatusBecomes(id, 3);

    const noEmail = await openVisit(admin, users.doctor.id);
    const other = await createReferral(hsgBody(noEmail));
    const refused = await send(other, {});
    expectStatus(refused, 400);
    expect(refused.body.error.errors).toEqual([
      expect.objectContaining({ field: 'email', message: REFERRAL_MESSAGES.emailRequired }),
    ]);
    const bad = await send(other, { email: 'not an address' });
    expectStatus(bad, 400);
    expect(bad.body.error.errors[0]).toMatchObject({ field: 'email' });
    const unchanged = await t.call('GET', `/api/v1/referrals/out/${other}`, users.doctor);
    expect(unchanged.body.data.sendStatus).toBe(1);
  });

  it('a failing mail server gives Fail and a retry; Success once it recovers, the letter kept', async () => {
    const id = await createReferral(hsgBody(visit));
    t.mailbox.refusing = true;
    try {
      expectStatus(await send(id, { email: 'failing.server@example.com' }), 200);
      await sendStatusBecomes(id, 4);
      const [row] = await withTenant(t.database.db, clinics[0].tenantId, (tx) =>
        tx.db
          .selectFrom('mailOutbox')
          .select(['status', 'attachmentName', 'attachment'])
          .where('toAddress', '=', 'failing.server@example.com')
          .execute(),
      );
      expect(row).toMatchObject({ status: 'pending' });
      expect(row?.attachment?.length).toBeGreaterThan(1000);
    } finally {
      t.mailbox.refusing = false;
    }
    await sendStatusBecomes(id, 3);
    const mail = await t.mailbox.waitForAttachment('failing.server@example.com');
    expect(await pdfText(mail.attachments[0]!.content)).toContain(visit.name);
    const [delivered] = await withTenant(t.database.db, clinics[0].tenantId, (tx) =>
      tx.db
        .selectFrom('mailOutbox')
        .select(['status', 'attachment'])
        .where('toAddress', '=', 'failing.server@example.com')
        .execute(),
    );
    // Once the server has it, the letter is not kept in the outbox.
    expect(delivered).toMatchObject({ status: 'sent', attachment: null });
  });

  it('refuses a voided referral and one not under HSG', async () => {
    const id = await createReferral(hsgBody(visit));
    const voided = await t.call('DELETE', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { rowVersion: 1, voidedReason: 'Wrong patient' },
    });
    expectStatus(voided, 200);
    const refused = await send(id, { email: 'x@example.com' });
    expectStatus(refused, 400);
    expect(refused.body.error.code).toBe('referral.voided');

    const plain = await createReferral(
      hsgBody(visit, {
        isHsg: false,
        referralType: null,
        speciallyService: null,
        referralInstitution: 'MEH',
        referralInstitutionDescription: 'Mount Elizabeth Hospital',
      }),
    );
    const notHsg = await send(plain, { email: 'x@example.com' });
    expectStatus(notHsg, 400);
    expect(notHsg.body.error.message).toBe(REFERRAL_MESSAGES.sendNotHsg);
  });

  it('needs referrals:update; another branch is refused, another clinic does not see it', async () => {
    const id = await createReferral(hsgBody(visit));
    expectStatus(await send(id, { email: 'x@example.com' }, users.desk), 403);
    const other = { token: clinics[1].token, branchId: clinics[1].branchId };
    expectStatus(await send(id, { email: 'x@example.com' }, other), 404);

    const branchB = await addBranch(t, clinics[0], 'RSB');
    const adminB = await addUser(t, clinics[0], 'Administrator', { branchIds: [branchB] });
    const doctorB = await addUser(t, clinics[0], '50', { branchIds: [branchB] });
    const callerB = { token: adminB.token, branchId: branchB };
    const visitB = await openVisit(callerB, doctorB.id);
    const idB = await createReferral(hsgBody(visitB), callerB);
    const elsewhere = await send(idB, { email: 'x@example.com' });
    expectStatus(elsewhere, 403);
    expect(elsewhere.body.error.code).toBe('visit.anotherBranch');
    const unchanged = await t.call('GET', `/api/v1/referrals/out/${id}`, users.doctor);
    expect(unchanged.body.data.sendStatus).toBe(1);
  });
});

describe('submitting an HSG referral (PATCH /referrals/out/{id})', () => {
  it('finalizes it and records who submitted it, when, and the hash of what was submitted', async () => {
    const id = await createReferral(hsgBody(visit));
    const submitted = await submit(id, { rowVersion: 1 });
    expectStatus(submitted, 200);
    expect(submitted.body.data).toMatchObject({ id, referralStatus: 5, rowVersion: 2 });
    const rows = await withTenant(t.database.db, clinics[0].tenantId, (tx) =>
      tx.db.selectFrom('referralSubmissions').selectAll().where('referralId', '=', id).execute(),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      programme: 'record-only',
      outcomeStatus: 5,
      submittedBy: users.doctor.id,
    });
    expect(rows[0]?.payloadSha256).toMatch(/^[0-9a-f]{64}$/);

    // Finalized may be submitted again; a stale version is a 409.
    expectStatus(await submit(id, { rowVersion: 1 }), 409);
    expectStatus(await submit(id, { rowVersion: 2 }), 200);
  });

  it('refuses a referral not under HSG, a corrected or voided one, and one missing what its type needs', async () => {
    const plain = await createReferral(
      hsgBody(visit, {
        isHsg: false,
        referralType: null,
        speciallyService: null,
        referralInstitution: 'MEH',
        referralInstitutionDescription: 'Mount Elizabeth Hospital',
      }),
    );
    const notHsg = await submit(plain, { rowVersion: 1 });
    expectStatus(notHsg, 400);
    expect(notHsg.body.error.message).toBe(REFERRAL_MESSAGES.submitNotHsg);

    const id = await createReferral(hsgBody(visit));
    expectStatus(await submit(id, { rowVersion: 1 }), 200);
    const corrected = await t.call('PUT', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { ...hsgBody(visit), rowVersion: 2, modifiedReason: 'Typo' },
    });
    expectStatus(corrected, 200);
    expect(corrected.body.data.referralStatus).toBe(6);
    const notNow = await submit(id, { rowVersion: 3 });
    expectStatus(notNow, 400);
    expect(notNow.body.error.message).toBe(REFERRAL_MESSAGES.notSubmittable);

    const voidedId = await createReferral(hsgBody(visit));
    await t.call('DELETE', `/api/v1/referrals/out/${voidedId}`, {
      ...users.doctor,
      body: { rowVersion: 1, voidedReason: 'Wrong patient' },
    });
    expect((await submit(voidedId, { rowVersion: 2 })).body.error.code).toBe('referral.voided');

    // Saved before a rule asked for it (the editor cannot save it so): refused on the field.
    const incompleteId = await createReferral(hsgBody(visit));
    await withTenant(t.database.db, clinics[0].tenantId, (tx) =>
      tx.db
        .updateTable('referralsOut')
        .set({ treatments: null })
        .where('id', '=', incompleteId)
        .execute(),
    );
    const incomplete = await submit(incompleteId, { rowVersion: 1 });
    expectStatus(incomplete, 400);
    expect(incomplete.body.error.errors).toEqual([
      expect.objectContaining({
        field: 'treatments',
        message: REFERRAL_MESSAGES.treatmentsRequired,
      }),
    ]);
  });

  it('needs referrals:approve; another clinic does not see it', async () => {
    const id = await createReferral(hsgBody(visit));
    const role = await createRole(t, clinics[0], 'Writes referrals', [
      'referrals:read',
      'referrals:update',
    ]);
    const writer = await addUser(t, clinics[0], 'Nurse', { roleIds: [role] });
    const writerCaller = { token: writer.token, branchId: admin.branchId };
    expectStatus(await submit(id, { rowVersion: 1 }, writerCaller), 403);
    expectStatus(await submit(id, { rowVersion: 1 }, users.desk), 403);
    const other = { token: clinics[1].token, branchId: clinics[1].branchId };
    expectStatus(await submit(id, { rowVersion: 1 }, other), 404);
    const unchanged = await t.call('GET', `/api/v1/referrals/out/${id}`, users.doctor);
    expect(unchanged.body.data.referralStatus).toBe(1);
  });
});
