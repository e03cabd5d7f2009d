import { expect, test as setup } from '@playwright/test';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { callApi } from '../support/clinic.ts';
import { withDatabase } from '../support/outbox.ts';
import { SWEEP_DIR, SWEEP_ROLES, SWEEP_STATE, type SweepState } from '../support/sweep.ts';

/**
 * Before the route sweep: one sign-in per role (its browser storage is reused by every
 * screen), and the values of the routes' parameters, from the demo clinic.
 */
setup('sign in once per role and resolve the route parameters', async ({ browser }) => {
  await rm(SWEEP_DIR, { recursive: true, force: true });
  await mkdir(SWEEP_DIR, { recursive: true });
  setup.setTimeout(120_000);
  const params = await routeParams();
  // The roles sign in side by side (their order is kept: it is the order of preference).
  const roles = await Promise.all(
    SWEEP_ROLES.map(async (role) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(role.signInPath);
      await page.getByLabel('Username').fill(role.username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(role.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      // Generous: three sign-ins at once on a busy machine.
      await expect(page).toHaveURL(role.lands, { timeout: 30_000 });
      const storage = await context.storageState();
      // The inactivity clock starts on each screen's own load, not at this sign-in.
      for (const origin of storage.origins)
        origin.localStorage = origin.localStorage.filter((item) => item.name !== 'lastClickTime');
      const token = storage.origins
        .flatMap((origin) => origin.localStorage)
        .find((item) => item.name === 'token');
      const info = JSON.parse(token?.value ?? '{}') as {
        branches?: Array<{ code: string; permissions: string[] }>;
      };
      const branch = info.branches?.find((b) => b.code === params.branchCode);
      await context.close();
      return {
        name: role.name,
        audience: role.audience,
        permissions: branch?.permissions ?? [],
        storage,
      };
    }),
  );
  const frontdesk = roles.find((role) => role.name === 'frontdesk');
  params.invoiceId = await sweepInvoice(frontdesk?.storage, params.branchCode!, params.visitId!);
  const admin = roles.find((role) => role.name === 'admin');
  params.referralId = await sweepReferral(admin?.storage, params);
  const state: SweepState = { params, roles };
  await writeFile(SWEEP_STATE, JSON.stringify(state));
});

/** The demo clinic's branch and subdomain, and a fresh device link of its administrator. */
async function routeParams(): Promise<Record<string, string>> {
  const device = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; user_id: string }>(
      `INSERT INTO device_authorizations (tenant_id, user_id, visitor_id)
       SELECT tenant_id, id, 'route-sweep' FROM users WHERE username = 'demo.admin'
       RETURNING id, user_id`,
    );
    return rows[0]!;
  });
  // A demo patient with past visits (seed/demo-records.ts) and one of their visits.
  const record = await withDatabase(async (client) => {
    const { rows } = await client.query<{ patient_id: string; visit_id: string }>(
      `SELECT v.patient_id, v.id AS visit_id FROM visits v
         JOIN tenants t ON t.id = v.tenant_id AND t.subdomain = 'demo'
        ORDER BY v.visit_date LIMIT 1`,
    );
    return rows[0]!;
  });
  // The demo clinic's credit note (seed/demo-credits.ts), for its detail page.
  const creditNote = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT c.id FROM credit_notes c
         JOIN tenants t ON t.id = c.tenant_id AND t.subdomain = 'demo'
         JOIN branches b ON b.id = c.branch_id AND b.code = 'TPY'
        ORDER BY c.credit_note_no LIMIT 1`,
    );
    return rows[0]!;
  });
  return {
    ...(await inventoryParams()),
    creditNoteId: creditNote.id,
    branchCode: 'TPY',
    subdomain: 'demo',
    uid: device.user_id,
    vid: device.id,
    patientId: record.patient_id,
    visitId: record.visit_id,
    id: record.visit_id,
    kinId: '1',
    pharmacyId: '1',
    // A new purchase order's editor; the demo clinic has no goods received note yet.
    purchaseId: 'new',
    receivedId: '00000000-0000-4000-8000-000000000000',
  };
}

/**
 * The inventory pages' parameters: a stocked demo item (also the stock tally history's), a batch of it in branch TPY (one
 * receipt, made once) and a supplier (made once). The demo seed keeps no stock.
 */
async function inventoryParams(): Promise<Record<string, string>> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ item_id: string; batch_id: string; supplier_id: string }>(
      `WITH demo AS (
         SELECT t.id AS tenant_id, b.id AS branch_id FROM tenants t
           JOIN branches b ON b.tenant_id = t.id AND b.code = 'TPY' WHERE t.subdomain = 'demo'),
       item AS (
         SELECT i.id FROM catalog_items i JOIN demo ON demo.tenant_id = i.tenant_id
          WHERE i.type = 'Med' AND i.deleted_at IS NULL ORDER BY i.code LIMIT 1),
       supplier AS (
         INSERT INTO suppliers (tenant_id, code, name)
         SELECT tenant_id, 'SWEEP', 'Sweep Pharma Supplies' FROM demo
         ON CONFLICT DO NOTHING RETURNING id),
       batch AS (
         INSERT INTO stock_batches (tenant_id, branch_id, item_id, batch_no, expiry_date, unit_cost_cents)
         SELECT demo.tenant_id, demo.branch_id, item.id, 'SWEEP-1', DATE '2031-12-31', 25 FROM demo, item
         ON CONFLICT DO NOTHING RETURNING id, tenant_id, branch_id, item_id),
       receipt AS (
         INSERT INTO stock_movements (tenant_id, branch_id, item_id, batch_id, quantity, kind)
         SELECT tenant_id, branch_id, item_id, id, 40, 'receipt' FROM batch RETURNING id)
       SELECT item.id AS item_id,
              coalesce((SELECT id FROM batch), (SELECT b.id FROM stock_batches b, demo
                WHERE b.branch_id = demo.branch_id AND b.batch_no = 'SWEEP-1')) AS batch_id,
              coalesce((SELECT id FROM supplier), (SELECT s.id FROM suppliers s, demo
                WHERE s.tenant_id = demo.tenant_id AND s.code = 'SWEEP' AND s.deleted_at IS NULL))
                AS supplier_id
         FROM item, (SELECT count(*) FROM receipt) r`,
    );
    const row = rows[0]!;
    return {
      itemId: row.item_id,
      adjustItemId: row.item_id,
      batchId: row.batch_id,
      supplierId: row.supplier_id,
    };
  });
}

/**
 * The invoice screen's invoice: one that still owes money, so the screen offers Take
 * payment and Void invoice. The demo clinic's billing seed leaves one issued in branch TPY
 * (its other bills are paid); without it, the demo visit billed and finalised by the front
 * desk through the API (so its figures are the server's). A second run finds the same one.
 */
async function sweepInvoice(
  storage: { origins: Array<{ localStorage: Array<{ name: string; value: string }> }> } | undefined,
  branchCode: string,
  visitId: string,
): Promise<string> {
  const owing = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT i.id FROM invoices i
         JOIN tenants t ON t.id = i.tenant_id AND t.subdomain = 'demo'
         JOIN branches b ON b.id = i.branch_id AND b.code = $1
        WHERE i.status IN (1, 3) AND i.grand_total_cents > 0
        ORDER BY i.created_at LIMIT 1`,
      [branchCode],
    );
    return rows[0]?.id;
  });
  return owing ?? billedInvoice(storage, branchCode, visitId);
}

type Storage =
  { origins: Array<{ localStorage: Array<{ name: string; value: string }> }> } | undefined;

/** The signed-in answer kept in a role's browser storage: its token and the branch's id. */
function sessionOf(storage: Storage, branchCode: string) {
  const stored = storage?.origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name === 'token');
  const session = JSON.parse(stored?.value ?? '{}') as {
    token?: string;
    branches?: Array<{ id: string; code: string }>;
  };
  return {
    token: session.token,
    branchId: session.branches?.find((branch) => branch.code === branchCode)?.id,
  };
}

/**
 * The referral editor's referral: one of the demo visit, written by the administrator
 * through the API, then marked Finalized (as the national programme's answer will), so
 * that Save asks the Modified Reason and Void the Void Reason. A second run finds it again.
 */
async function sweepReferral(storage: Storage, params: Record<string, string>): Promise<string> {
  const visitId = params.visitId!;
  const found = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM referrals_out WHERE visit_id = $1 AND referral_status <> 3
        ORDER BY created_at LIMIT 1`,
      [visitId],
    );
    return rows[0]?.id;
  });
  if (found) return found;
  const { token, branchId } = sessionOf(storage, params.branchCode!);
  const created = await callApi<{ id: string }>(
    'POST',
    '/referrals/out',
    {
      patientId: params.patientId,
      visitId,
      issueDate: Math.floor(Date.now() / 1000) - 3600,
      isHsg: false,
      referralInstitution: 'Mount Elizabeth Hospital',
      referralInstitutionDescription: 'Mount Elizabeth Hospital',
      referTo: 'Orthopaedic clinic',
      diagnosisText: 'Right knee pain for 6 weeks',
      referralReason: 'Persistent pain despite analgesia; for assessment',
      drugAllergies: 'No known drug allergies',
      isIncludingDiagnosis: true,
    },
    token,
    branchId,
  );
  await withDatabase((client) =>
    client.query(`UPDATE referrals_out SET referral_status = 5 WHERE id = $1`, [created.id]),
  );
  return created.id;
}

async function billedInvoice(
  storage: { origins: Array<{ localStorage: Array<{ name: string; value: string }> }> } | undefined,
  branchCode: string,
  visitId: string,
): Promise<string> {
  const stored = storage?.origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name === 'token');
  const session = JSON.parse(stored?.value ?? '{}') as {
    token?: string;
    branches?: Array<{ id: string; code: string }>;
  };
  const branchId = session.branches?.find((branch) => branch.code === branchCode)?.id;
  const invoice = await callApi<{ id: string; status: string; version: number }>(
    'POST',
    `/visits/${visitId}/invoice`,
    undefined,
    session.token,
    branchId,
  );
  if (invoice.status === 'DRAFT') {
    await callApi(
      'POST',
      `/invoices/${invoice.id}/finalise`,
      { version: invoice.version },
      session.token,
      branchId,
    );
  }
  return invoice.id;
}
