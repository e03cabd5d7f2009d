import {
  INVOICE_STATUS,
  SUBSIDY_SCHEMES,
  type AnnualUsage,
  type SchemeVisitKind,
  type SubsidySchemeCode,
  type SubsidyTier,
} from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

type Caps = Record<SchemeVisitKind, number | null>;

export interface TierRow extends SubsidyTier {
  id: string;
  schemeName: string;
  isActive: boolean;
  version: number;
}

const cents = (value: string | number | null): number | null =>
  value === null ? null : Number(value);

const TIER_COLUMNS = [
  'id',
  'schemeCode',
  'code',
  'name',
  'perVisitCommonIllnessCents',
  'perVisitChronicSimpleCents',
  'perVisitChronicComplexCents',
  'annualCommonIllnessCents',
  'annualChronicSimpleCents',
  'annualChronicComplexCents',
  'drugSubsidyBasisPoints',
  'absorbsDrugGst',
  'isActive',
  'version',
] as const;

type TierSqlRow = {
  id: string;
  schemeCode: string;
  code: string;
  name: string;
  perVisitCommonIllnessCents: string | null;
  perVisitChronicSimpleCents: string | null;
  perVisitChronicComplexCents: string | null;
  annualCommonIllnessCents: string | null;
  annualChronicSimpleCents: string | null;
  annualChronicComplexCents: string | null;
  drugSubsidyBasisPoints: number;
  absorbsDrugGst: boolean;
  isActive: boolean;
  version: number;
};

function tierOf(row: TierSqlRow): TierRow {
  const scheme = row.schemeCode as SubsidySchemeCode;
  return {
    id: row.id,
    scheme,
    schemeName: SUBSIDY_SCHEMES[scheme],
    code: row.code,
    name: row.name,
    perVisitCapCents: {
      commonIllness: cents(row.perVisitCommonIllnessCents),
      chronicSimple: cents(row.perVisitChronicSimpleCents),
      chronicComplex: cents(row.perVisitChronicComplexCents),
    },
    annualCapCents: {
      commonIllness: cents(row.annualCommonIllnessCents),
      chronicSimple: cents(row.annualChronicSimpleCents),
      chronicComplex: cents(row.annualChronicComplexCents),
    },
    drugSubsidyBasisPoints: row.drugSubsidyBasisPoints,
    absorbsDrugGst: row.absorbsDrugGst,
    isActive: row.isActive,
    version: row.version,
  };
}

/** The clinic's tiers in their seeded order. */
export async function listTiers(tx: TenantTx): Promise<TierRow[]> {
  const rows = await tx.db
    .selectFrom('subsidyTiers')
    .select(TIER_COLUMNS)
    .orderBy('sortOrder')
    .orderBy('code')
    .execute();
  return rows.map(tierOf);
}

export async function tierById(tx: TenantTx, id: string): Promise<TierRow | undefined> {
  const row = await tx.db
    .selectFrom('subsidyTiers')
    .select(TIER_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && tierOf(row);
}

export async function tierByCode(tx: TenantTx, code: string): Promise<TierRow | undefined> {
  const row = await tx.db
    .selectFrom('subsidyTiers')
    .select(TIER_COLUMNS)
    .where(sql<boolean>`lower(code) = lower(${code})`)
    .executeTakeFirst();
  return row && tierOf(row);
}

/** A tier's new terms at `version`; false when the version moved on. */
export async function updateTier(
  tx: TenantTx,
  id: string,
  version: number,
  terms: {
    name: string;
    perVisitCapCents: Caps;
    annualCapCents: Caps;
    drugSubsidyBasisPoints: number;
    absorbsDrugGst: boolean;
    isActive: boolean;
  },
): Promise<boolean> {
  const result = await tx.db
    .updateTable('subsidyTiers')
    .set({
      name: terms.name,
      perVisitCommonIllnessCents: terms.perVisitCapCents.commonIllness,
      perVisitChronicSimpleCents: terms.perVisitCapCents.chronicSimple,
      perVisitChronicComplexCents: terms.perVisitCapCents.chronicComplex,
      annualCommonIllnessCents: terms.annualCapCents.commonIllness,
      annualChronicSimpleCents: terms.annualCapCents.chronicSimple,
      annualChronicComplexCents: terms.annualCapCents.chronicComplex,
      drugSubsidyBasisPoints: terms.drugSubsidyBasisPoints,
      absorbsDrugGst: terms.absorbsDrugGst,
      isActive: terms.isActive,
      version: sql`version + 1`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The clinic's starter tiers (CHAS and Healthier SG chronic tier). */
export async function seedTiers(tx: TenantTx): Promise<void> {
  await sql`SELECT seed_subsidy_tiers(${tx.tenantId}::uuid)`.execute(tx.db);
}

// --- A patient's card -----------------------------------------------------------------

export interface CardRow {
  tier: TierRow;
  validFrom: string;
  validTo: string | null;
  version: number;
}

/** Whether the clinic has the patient (another clinic's is invisible: row security). */
export async function patientExists(tx: TenantTx, patientId: string): Promise<boolean> {
  const row = await tx.db
    .selectFrom('patients')
    .select('id')
    .where('id', '=', patientId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The patient's card with its tier; locked FOR UPDATE when `lock` (one change at a time). */
export async function patientCard(
  tx: TenantTx,
  patientId: string,
  lock = false,
): Promise<CardRow | undefined> {
  let query = tx.db
    .selectFrom('patientSchemes')
    .select(['tierId', 'validFrom', 'validTo', 'version'])
    .where('patientId', '=', patientId);
  if (lock) query = query.forUpdate();
  const card = await query.executeTakeFirst();
  if (!card) return undefined;
  const tier = await tierById(tx, card.tierId);
  if (!tier) return undefined;
  return { tier, validFrom: card.validFrom, validTo: card.validTo, version: card.version };
}

/** Gives the patient a card (version 0: none yet) or changes it; false on a stale version. */
export async function saveCard(
  tx: TenantTx,
  patientId: string,
  version: number,
  card: { tierId: string; validFrom: string; validTo: string | null; updatedBy: string },
): Promise<boolean> {
  if (version === 0) {
    const inserted = await tx.db
      .insertInto('patientSchemes')
      .values({ tenantId: tx.tenantId, patientId, ...card })
      .onConflict((conflict) => conflict.columns(['tenantId', 'patientId']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await tx.db
    .updateTable('patientSchemes')
    .set({ ...card, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('patientId', '=', patientId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Takes the patient's card away; false on a stale version. */
export async function deleteCard(
  tx: TenantTx,
  patientId: string,
  version: number,
): Promise<boolean> {
  const deleted = await tx.db
    .deleteFrom('patientSchemes')
    .where('patientId', '=', patientId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

/**
 * Dollar subsidies of the patient's finalised invoices (not drafts, not voided) dated in
 * `year`, by annual pot (common illness; chronic simple and complex together).
 */
export async function annualUsage(
  tx: TenantTx,
  patientId: string,
  year: number,
): Promise<AnnualUsage> {
  const rows = await sql<{ pot: 'commonIllness' | 'chronic'; used: string }>`
    SELECT CASE WHEN subsidy_visit_kind = 'commonIllness' THEN 'commonIllness' ELSE 'chronic' END
             AS pot,
           sum(subsidy_dollar_cents) AS used
      FROM invoices
     WHERE patient_id = ${patientId}
       AND subsidy_tier_code IS NOT NULL
       AND status NOT IN (${INVOICE_STATUS.Voided}, ${INVOICE_STATUS.Draft})
       AND invoice_date >= make_date(${year}::int, 1, 1)
       AND invoice_date < make_date(${year}::int + 1, 1, 1)
     GROUP BY 1
  `.execute(tx.db);
  const usage = { commonIllness: 0, chronic: 0 };
  for (const row of rows.rows) usage[row.pot] = Number(row.used);
  return usage;
}
