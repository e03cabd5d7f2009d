/**
 * Companies a bill goes to (issue 13; doc 1 section 3 'Company: id, code, name', section 7
 * `GET /companies/options`, `GET /companies/{id}`). Zod-free: the web reads these without
 * the schemas.
 *
 * Decisions where the spec is silent (ours):
 * - A company also keeps an address, a contact person, a phone, an email and its credit
 *   terms in days: the invoice's bill-to block (doc 3 section 3.3 'Bill (name, address)')
 *   and its due date come from them.
 * - A company is deactivated, never deleted (invoices and patients point at it); an
 *   inactive company is left out of the picker and cannot be newly billed.
 * - The due date of an invoice billed to a company with credit terms is the invoice date
 *   plus the terms, unless the desk typed one.
 */
import { epochDay, formatIsoDate, parseIsoDate } from '../common/dates.ts';

export const COMPANY_CODE_MAX = 50;
export const COMPANY_NAME_MAX = 200;
export const COMPANY_ADDRESS_MAX = 500;
export const COMPANY_CONTACT_MAX = 140;
export const COMPANY_PHONE_MAX = 32;
export const COMPANY_EMAIL_MAX = 100;
/** A year at most. */
export const COMPANY_CREDIT_TERMS_MAX = 365;

export const COMPANY_MESSAGES = {
  notFound: 'This company does not exist.',
  codeRequired: "Please give the company's code.",
  nameRequired: "Please give the company's name.",
  codeTaken: 'Another company has this code.',
} as const;
export type CompanyMessageKey = keyof typeof COMPANY_MESSAGES;

/** The date `days` calendar days after the ISO date `from`. */
export function addDaysToIsoDate(from: string, days: number): string {
  const date = parseIsoDate(from);
  if (!date || !Number.isInteger(days)) throw new RangeError(`Not a date or days: ${from} ${days}`);
  // A day count from 1970 read back in UTC: no local time zone is involved.
  const utc = new Date((epochDay(date) + days) * 86_400_000);
  return formatIsoDate({
    year: utc.getUTCFullYear(),
    month: utc.getUTCMonth() + 1,
    day: utc.getUTCDate(),
  });
}

/**
 * The due date of an invoice dated `invoiceDate` billed to a company with `creditTermsDays`:
 * null when the company gives no terms (0: due on receipt, no due date kept).
 */
export function companyDueDate(invoiceDate: string, creditTermsDays: number): string | null {
  return creditTermsDays > 0 ? addDaysToIsoDate(invoiceDate, creditTermsDays) : null;
}
