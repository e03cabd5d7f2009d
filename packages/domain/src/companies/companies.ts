/** Companies a bill goes to: requests and answers (docs/architecture.md "Billing"). */
import { z } from 'zod';
import {
  cacheBusters,
  optionalText,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import {
  COMPANY_ADDRESS_MAX,
  COMPANY_CODE_MAX,
  COMPANY_CONTACT_MAX,
  COMPANY_CREDIT_TERMS_MAX,
  COMPANY_EMAIL_MAX,
  COMPANY_MESSAGES,
  COMPANY_NAME_MAX,
  COMPANY_PHONE_MAX,
} from './company-rules.ts';

export const CompanyIdParams = z.strictObject({ id: z.uuid('id must be a company id') });
export const CompanyNoQuery = z.strictObject({ ...cacheBusters });

const companyFields = {
  code: requiredText(
    COMPANY_MESSAGES.codeRequired,
    COMPANY_CODE_MAX,
    `code cannot exceed ${COMPANY_CODE_MAX} characters`,
  ),
  name: requiredText(
    COMPANY_MESSAGES.nameRequired,
    COMPANY_NAME_MAX,
    `name cannot exceed ${COMPANY_NAME_MAX} characters`,
  ),
  address: optionalText(
    COMPANY_ADDRESS_MAX,
    `address cannot exceed ${COMPANY_ADDRESS_MAX} characters`,
    'multi',
  ),
  contactPerson: optionalText(
    COMPANY_CONTACT_MAX,
    `contactPerson cannot exceed ${COMPANY_CONTACT_MAX} characters`,
  ),
  phone: optionalText(COMPANY_PHONE_MAX, `phone cannot exceed ${COMPANY_PHONE_MAX} characters`),
  email: optionalText(
    COMPANY_EMAIL_MAX,
    `email cannot exceed ${COMPANY_EMAIL_MAX} characters`,
  ).pipe(z.email('email must be an email address').nullable()),
  /** Days from the invoice date to its due date; 0: no due date. */
  creditTermsDays: wholeNumber('creditTermsDays', 0, COMPANY_CREDIT_TERMS_MAX).default(0),
};

export const CompanyCreateBody = z.strictObject(companyFields);
export type CompanyCreateBody = z.infer<typeof CompanyCreateBody>;

/** The whole company at `version`; `isActive: false` deactivates it. */
export const CompanyUpdateBody = z.strictObject({
  ...companyFields,
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  version: versionField(),
});
export type CompanyUpdateBody = z.infer<typeof CompanyUpdateBody>;

export const CompanyRecord = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  creditTermsDays: z.int(),
  isActive: z.boolean(),
  version: z.int(),
});
export type CompanyRecord = z.infer<typeof CompanyRecord>;
