import {
  annualRemainingCents,
  cardValidOn,
  SCHEME_VISIT_KINDS,
  type AnnualUsage,
  type ChasAnswer,
  type PatientSchemeCard,
  type PatientSubsidy,
  type PatientSubsidyBody,
  type SubsidyTierItem,
  type SubsidyTierUpdateBody,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import * as repo from './subsidies.repo.ts';

/**
 * Scheme subsidies (docs/architecture.md "Billing" > "Subsidies"): the clinic's tiers, a
 * patient's card, and this year's use of the annual caps. Billing asks `schemeForInvoice`
 * what a bill's subsidy is worked out from; the arithmetic is the domain's.
 */

export { seedTiers as seedSubsidyTiers } from './subsidies.repo.ts';

const yearOf = (date: string) => Number(date.slice(0, 4));

function tierItem(tier: repo.TierRow): SubsidyTierItem {
  return {
    id: tier.id,
    schemeCode: tier.scheme,
    schemeName: tier.schemeName,
    code: tier.code,
    name: tier.name,
    perVisitCapCents: tier.perVisitCapCents,
    annualCapCents: tier.annualCapCents,
    drugSubsidyBasisPoints: tier.drugSubsidyBasisPoints,
    absorbsDrugGst: tier.absorbsDrugGst,
    isActive: tier.isActive,
    version: tier.version,
  };
}

function cardOf(card: repo.CardRow, today: string): PatientSchemeCard {
  return {
    tierId: card.tier.id,
    tierCode: card.tier.code,
    tierName: card.tier.name,
    schemeCode: card.tier.scheme,
    schemeName: card.tier.schemeName,
    validFrom: card.validFrom,
    validTo: card.validTo,
    isValidToday: cardValidOn(card, today),
  };
}

async function existingPatient(tx: TenantTx, patientId: string): Promise<void> {
  if (!(await repo.patientExists(tx, patientId))) throw notFound('patient.notFound');
}

// --- A patient's card -----------------------------------------------------------------

/** `GET /chas/{patientId}`: the patient's tier by name (null when none). */
export function chas(scope: BranchScope, patientId: string): Promise<ChasAnswer> {
  return scope.run(async (tx) => {
    await existingPatient(tx, patientId);
    const { today } = await clinicContext(tx, scope.branchId);
    const card = await repo.patientCard(tx, patientId);
    return {
      patientId,
      chasTierDescription: card?.tier.name ?? null,
      card: card ? cardOf(card, today) : null,
    };
  });
}

async function subsidyOf(tx: TenantTx, patientId: string, today: string): Promise<PatientSubsidy> {
  const card = await repo.patientCard(tx, patientId);
  const year = yearOf(today);
  const usage = await repo.annualUsage(tx, patientId, year);
  return {
    patientId,
    card: card ? cardOf(card, today) : null,
    version: card?.version ?? 0,
    year,
    usage: SCHEME_VISIT_KINDS.map((visitKind) => ({
      visitKind,
      usedCents: visitKind === 'commonIllness' ? usage.commonIllness : usage.chronic,
      annualCapCents: card?.tier.annualCapCents[visitKind] ?? null,
      remainingCents: card ? annualRemainingCents(card.tier, visitKind, usage) : null,
    })),
  };
}

/** `GET /enrolment/hsg-status`: enrolled when the patient's card is a Healthier SG tier valid today. */
export function hsgEnrolment(
  scope: BranchScope,
  patientId: string,
): Promise<{ enrolled: boolean; tierName: string | null }> {
  return scope.run(async (tx) => {
    await existingPatient(tx, patientId);
    const { today } = await clinicContext(tx, scope.branchId);
    const card = await repo.patientCard(tx, patientId);
    const enrolled = card !== undefined && card.tier.scheme === 'HSG' && cardValidOn(card, today);
    return { enrolled, tierName: enrolled ? card.tier.name : null };
  });
}

/** `GET /patients/{id}/subsidy`: the card and this calendar year's use of the caps. */
export function patientSubsidy(scope: BranchScope, patientId: string): Promise<PatientSubsidy> {
  return scope.run(async (tx) => {
    await existingPatient(tx, patientId);
    const { today } = await clinicContext(tx, scope.branchId);
    return subsidyOf(tx, patientId, today);
  });
}

async function tierForCard(tx: TenantTx, body: PatientSubsidyBody, tierCode: string) {
  const tier = await repo.tierByCode(tx, tierCode);
  if (!tier) throw fieldError('tierCode', 'subsidy.tierUnknown');
  if (!tier.isActive) throw fieldError('tierCode', 'subsidy.tierInactive');
  if (!body.validFrom) throw fieldError('validFrom', 'subsidy.validFromRequired');
  if (body.validTo !== null && body.validTo < body.validFrom) {
    throw fieldError('validTo', 'subsidy.validToBeforeFrom');
  }
  return { tier, validFrom: body.validFrom };
}

/** `PUT /patients/{id}/subsidy`: sets the patient's tier and card dates, or clears them. */
export function setPatientSubsidy(
  scope: BranchScope,
  patientId: string,
  body: PatientSubsidyBody,
): Promise<PatientSubsidy> {
  return scope.run(async (tx) => {
    await existingPatient(tx, patientId);
    const current = await repo.patientCard(tx, patientId, true);
    if ((current?.version ?? 0) !== body.version) throw conflict();
    if (body.tierCode === null) {
      if (current && !(await repo.deleteCard(tx, patientId, body.version))) throw conflict();
    } else {
      const { tier, validFrom } = await tierForCard(tx, body, body.tierCode);
      const saved = await repo.saveCard(tx, patientId, body.version, {
        tierId: tier.id,
        validFrom,
        validTo: body.validTo,
        updatedBy: scope.userId,
      });
      if (!saved) throw conflict();
    }
    const { today } = await clinicContext(tx, scope.branchId);
    return subsidyOf(tx, patientId, today);
  });
}

// --- Tiers (settings) -----------------------------------------------------------------

/** `GET /settings/subsidies`: the clinic's tiers. */
export function tiers(scope: BranchScope): Promise<{ items: SubsidyTierItem[]; total: number }> {
  return scope.run(async (tx) => {
    const items = (await repo.listTiers(tx)).map(tierItem);
    return { items, total: items.length };
  });
}

/** `PUT /settings/subsidies/{id}`: a tier's terms at its version. */
export function updateTier(
  scope: BranchScope,
  id: string,
  body: SubsidyTierUpdateBody,
): Promise<SubsidyTierItem> {
  return scope.run(async (tx) => {
    const tier = await repo.tierById(tx, id);
    if (!tier) throw notFound('subsidy.tierNotFound');
    const { version, ...terms } = body;
    if (!(await repo.updateTier(tx, id, version, terms))) throw conflict();
    return tierItem((await repo.tierById(tx, id))!);
  });
}

// --- For billing ----------------------------------------------------------------------

export interface InvoiceScheme {
  tier: repo.TierRow;
  usage: AnnualUsage;
}

/**
 * What a patient's bill dated `date` is subsidised by: the tier of the card valid that day
 * and the dollar subsidies already used in its calendar year; null without a valid card or
 * with a tier no longer in use. `lock` (finalising) holds the card row until the
 * transaction ends, so two bills of a patient never spend the same annual remainder.
 */
export async function schemeForInvoice(
  tx: TenantTx,
  patientId: string,
  date: string,
  lock: boolean,
): Promise<InvoiceScheme | null> {
  const card = await repo.patientCard(tx, patientId, lock);
  if (!card || !card.tier.isActive || !cardValidOn(card, date)) return null;
  return { tier: card.tier, usage: await repo.annualUsage(tx, patientId, yearOf(date)) };
}
