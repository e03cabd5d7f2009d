import {
  refusalMessage,
  taxRateOn,
  type FieldError,
  type PaymentMethodCreateBody,
  type PaymentMethodRecord,
  type PaymentMethodUpdateBody,
  type TaxOptionCreateBody,
  type TaxOptionOrderBody,
  type TaxOptionRecord,
  type TaxOptionUpdateBody,
  type TaxRateInput,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import {
  conflict,
  fieldError,
  fieldErrors,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.ts';
import type { TenantRunner } from '../../platform/access.ts';
import { clinicContext, clinicToday } from '../branches/branches.service.ts';
import * as repo from './billing-settings.repo.ts';

/**
 * The clinic's tax options and payment methods as owners keep them (docs/architecture.md
 * "Companies, service lines and billing settings"). Rates are a history (added, never
 * edited); finalised invoices keep their own frozen rate, so nothing here alters one. The
 * first active tax option is the default.
 */

/** Who changes the settings: from a branch's settings pages, or from the console (no branch). */
export interface SettingsScope {
  branchId: string | null;
  run: TenantRunner;
}

async function refusingTaken<T>(
  work: () => Promise<T>,
  codes: Record<string, [field: string, code: Parameters<typeof fieldError>[1]]>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (const [constraint, [field, code]] of Object.entries(codes)) {
      if (isUniqueViolation(error, constraint)) throw fieldError(field, code);
    }
    throw error;
  }
}

// --- Tax options ----------------------------------------------------------------------

function taxRecords(rows: repo.TaxOptionSettingRow[], today: string): TaxOptionRecord[] {
  const defaultId = rows.find((row) => row.isActive)?.id;
  return rows.map((row) => ({
    ...row,
    rateBasisPoints: taxRateOn(row, today),
    isDefault: row.id === defaultId,
  }));
}

/** Today on the branch's clinic clock, or the tenant's from the console (no branch). */
async function todayOf(tx: TenantTx, scope: SettingsScope): Promise<string> {
  return scope.branchId ? (await clinicContext(tx, scope.branchId)).today : clinicToday(tx);
}

async function taxOptionList(tx: TenantTx, scope: SettingsScope): Promise<TaxOptionRecord[]> {
  return taxRecords(await repo.allTaxOptions(tx), await todayOf(tx, scope));
}

async function taxOptionRecord(tx: TenantTx, scope: SettingsScope, id: string) {
  const found = (await taxOptionList(tx, scope)).find((option) => option.id === id);
  if (!found) throw notFound('billingSettings.taxOptionNotFound');
  return found;
}

/** Refuses two rates of one date in a request, and a date the option already has a rate from. */
function checkRateDates(field: string, added: TaxRateInput[], existing: string[]): void {
  const seen = new Set(existing);
  const problems: FieldError[] = [];
  added.forEach((rate, index) => {
    if (seen.has(rate.effectiveFrom)) {
      const code = existing.includes(rate.effectiveFrom)
        ? 'billingSettings.rateDateTaken'
        : 'billingSettings.rateDateTwice';
      problems.push({
        field: `${field}.${index}.effectiveFrom`,
        message: refusalMessage(code),
        code,
      });
    }
    seen.add(rate.effectiveFrom);
  });
  if (problems.length > 0) throw fieldErrors(problems);
}

/** `GET /settings/tax`: every option, inactive ones too, in order, with today's rate. */
export function taxOptions(
  scope: SettingsScope,
): Promise<{ items: TaxOptionRecord[]; total: number }> {
  return scope.run(async (tx) => {
    const items = await taxOptionList(tx, scope);
    return { items, total: items.length };
  });
}

/** `POST /settings/tax`: a new option, last in the order. */
export function createTaxOption(
  scope: SettingsScope,
  body: TaxOptionCreateBody,
): Promise<TaxOptionRecord> {
  checkRateDates('rates', body.rates, []);
  return refusingTaken(
    () =>
      scope.run(async (tx) => {
        await repo.lockTaxOptions(tx);
        const id = await repo.insertTaxOption(tx, { code: body.code, name: body.name });
        await repo.insertTaxRates(tx, id, body.rates);
        return taxOptionRecord(tx, scope, id);
      }),
    { tax_options_tenant_id_code_key: ['code', 'billingSettings.taxOptionCodeTaken'] },
  );
}

/** `PUT /settings/tax/{id}`: name, active flag and added rates, at `version`. */
export function updateTaxOption(
  scope: SettingsScope,
  id: string,
  body: TaxOptionUpdateBody,
): Promise<TaxOptionRecord> {
  return scope.run(async (tx) => {
    await repo.lockTaxOptions(tx);
    const all = await repo.allTaxOptions(tx);
    const current = all.find((option) => option.id === id.toLowerCase());
    if (!current) throw notFound('billingSettings.taxOptionNotFound');
    if (current.version !== body.version) throw conflict();
    const othersActive = all.some((option) => option.id !== current.id && option.isActive);
    if (!body.isActive && !othersActive)
      throw fieldError('isActive', 'billingSettings.lastTaxOption');
    checkRateDates(
      'addRates',
      body.addRates,
      current.rates.map((rate) => rate.effectiveFrom),
    );
    const values = { name: body.name, isActive: body.isActive };
    if (!(await repo.updateTaxOption(tx, current.id, body.version, values))) throw conflict();
    await repo.insertTaxRates(tx, current.id, body.addRates);
    return taxOptionRecord(tx, scope, current.id);
  });
}

/** `PUT /settings/tax/order`: every option once, each at its version; the first active is the default. */
export function orderTaxOptions(
  scope: SettingsScope,
  body: TaxOptionOrderBody,
): Promise<{ items: TaxOptionRecord[]; total: number }> {
  return scope.run(async (tx) => {
    await repo.lockTaxOptions(tx);
    const all = await repo.allTaxOptions(tx);
    const named = new Set(body.items.map((item) => item.id.toLowerCase()));
    const complete =
      named.size === body.items.length &&
      named.size === all.length &&
      all.every((option) => named.has(option.id));
    if (!complete) throw fieldError('items', 'billingSettings.orderIncomplete');
    for (const [index, item] of body.items.entries()) {
      const done = await repo.setTaxOptionOrder(tx, item.id.toLowerCase(), item.version, index);
      if (!done) throw conflict();
    }
    const items = await taxOptionList(tx, scope);
    return { items, total: items.length };
  });
}

// --- Payment methods ------------------------------------------------------------------

/** `GET /settings/payment-methods`: every method, inactive ones too, in order. */
export function paymentMethods(
  scope: SettingsScope,
): Promise<{ items: PaymentMethodRecord[]; total: number }> {
  return scope.run(async (tx) => {
    const items = await repo.allPaymentMethods(tx);
    return { items, total: items.length };
  });
}

export function createPaymentMethod(
  scope: SettingsScope,
  body: PaymentMethodCreateBody,
): Promise<PaymentMethodRecord> {
  return refusingTaken(
    () =>
      scope.run(async (tx) => {
        await repo.lockPaymentMethods(tx);
        return repo.insertPaymentMethod(tx, body);
      }),
    { payment_methods_tenant_id_code_key: ['code', 'billingSettings.paymentMethodCodeTaken'] },
  );
}

/** `PUT /settings/payment-methods/{id}`: name, change flag, active flag at `version`. */
export function updatePaymentMethod(
  scope: SettingsScope,
  id: string,
  body: PaymentMethodUpdateBody,
): Promise<PaymentMethodRecord> {
  return scope.run(async (tx) => {
    await repo.lockPaymentMethods(tx);
    const all = await repo.allPaymentMethods(tx);
    const current = all.find((method) => method.id === id.toLowerCase());
    if (!current) throw notFound('billingSettings.paymentMethodNotFound');
    if (current.version !== body.version) throw conflict();
    const othersActive = all.some((method) => method.id !== current.id && method.isActive);
    if (!body.isActive && !othersActive) {
      throw fieldError('isActive', 'billingSettings.lastPaymentMethod');
    }
    const saved = await repo.updatePaymentMethod(tx, current.id, body);
    if (!saved) throw conflict();
    return saved;
  });
}
