/** Tax options and payment methods as owners keep them: requests and answers. */
import { z } from 'zod';
import {
  cacheBusters,
  isoDate,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import {
  BILLING_SETTING_CODE_MAX,
  BILLING_SETTING_NAME_MAX,
  BILLING_SETTINGS_MESSAGES,
  TAX_OPTIONS_MAX,
  TAX_RATES_MAX,
} from './billing-settings-rules.ts';
import { FULL_PERCENT_BASIS_POINTS } from './money.ts';

export const BillingSettingIdParams = z.strictObject({ id: z.uuid('id must be an id') });
export const BillingSettingsQuery = z.strictObject({ ...cacheBusters });

const code = requiredText(
  BILLING_SETTINGS_MESSAGES.codeRequired,
  BILLING_SETTING_CODE_MAX,
  `code cannot exceed ${BILLING_SETTING_CODE_MAX} characters`,
);
const name = requiredText(
  BILLING_SETTINGS_MESSAGES.nameRequired,
  BILLING_SETTING_NAME_MAX,
  `name cannot exceed ${BILLING_SETTING_NAME_MAX} characters`,
);

export const TaxRateInput = z.strictObject({
  effectiveFrom: isoDate('effectiveFrom is required', 'effectiveFrom must be a date YYYY-MM-DD'),
  rateBasisPoints: wholeNumber('rateBasisPoints', 0, FULL_PERCENT_BASIS_POINTS),
});
export type TaxRateInput = z.infer<typeof TaxRateInput>;

const rates = (min: number) =>
  z
    .array(TaxRateInput, { error: 'rates must be a list of dates and rates' })
    .min(min, BILLING_SETTINGS_MESSAGES.ratesRequired)
    .max(TAX_RATES_MAX, `At most ${TAX_RATES_MAX} rates at once`);

/** A new tax option, last in the order, with its first rates. */
export const TaxOptionCreateBody = z.strictObject({ code, name, rates: rates(1) });
export type TaxOptionCreateBody = z.infer<typeof TaxOptionCreateBody>;

/** A tax option's name and active flag at `version`, and rates added to its history. */
export const TaxOptionUpdateBody = z.strictObject({
  name,
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  addRates: rates(0).default([]),
  version: versionField(),
});
export type TaxOptionUpdateBody = z.infer<typeof TaxOptionUpdateBody>;

/** Every tax option once, in the new order, each at the version read. */
export const TaxOptionOrderBody = z.strictObject({
  items: z
    .array(z.strictObject({ id: z.uuid('id must be a tax option id'), version: versionField() }), {
      error: 'items must be a list of tax options',
    })
    .min(1, BILLING_SETTINGS_MESSAGES.orderIncomplete)
    .max(TAX_OPTIONS_MAX, BILLING_SETTINGS_MESSAGES.orderIncomplete),
});
export type TaxOptionOrderBody = z.infer<typeof TaxOptionOrderBody>;

export const TaxOptionRecord = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  rates: z.array(z.object({ effectiveFrom: z.string(), rateBasisPoints: z.int() })),
  /** The rate in force on the clinic's today; null before its first rate. */
  rateBasisPoints: z.int().nullable(),
  isActive: z.boolean(),
  /** The first active option. */
  isDefault: z.boolean(),
  version: z.int(),
});
export type TaxOptionRecord = z.infer<typeof TaxOptionRecord>;

export const PaymentMethodCreateBody = z.strictObject({
  code,
  name,
  /** Cash: what is handed over above the balance is given back. */
  givesChange: z.boolean({ error: 'givesChange must be true or false' }).default(false),
});
export type PaymentMethodCreateBody = z.infer<typeof PaymentMethodCreateBody>;

export const PaymentMethodUpdateBody = z.strictObject({
  name,
  givesChange: z.boolean({ error: 'givesChange must be true or false' }),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  version: versionField(),
});
export type PaymentMethodUpdateBody = z.infer<typeof PaymentMethodUpdateBody>;

export const PaymentMethodRecord = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  givesChange: z.boolean(),
  isActive: z.boolean(),
  version: z.int(),
});
export type PaymentMethodRecord = z.infer<typeof PaymentMethodRecord>;
