/**
 * The printer footers of a branch (doc 3 sections 2.1, 7.1: `GET /printer/footer/Invoice`
 * and `/printer/footer/MC`): rich text (HTML) printed at the foot of invoices, receipts and
 * medical certificates. The server keeps only the tags and attributes of its allow-list,
 * on save and again when it answers; the printout draws the text, never runs it.
 */
import { z } from 'zod';
import { cacheBusters, versionField } from '../common/fields.ts';
import { multiLineString } from '../common/text.ts';

export const PRINTER_FOOTER_KINDS = ['Invoice', 'MC'] as const;
export type PrinterFooterKind = (typeof PRINTER_FOOTER_KINDS)[number];

/** Ours: the most a footer's HTML may hold, in characters. */
export const PRINTER_FOOTER_MAX = 4000;

export const PrinterFooterParams = z.strictObject({
  kind: z.enum(PRINTER_FOOTER_KINDS, {
    error: `kind must be one of ${PRINTER_FOOTER_KINDS.join(', ')}`,
  }),
});
export const PrinterFooterQuery = z.strictObject({ ...cacheBusters });

/** `PUT /settings/printer/footer/{kind}`: version 0 for a branch's first footer of a kind. */
export const PrinterFooterBody = z.strictObject({
  version: versionField(),
  content: multiLineString({ error: 'content must be text' }).max(
    PRINTER_FOOTER_MAX,
    `content cannot exceed ${PRINTER_FOOTER_MAX} characters`,
  ),
});
export type PrinterFooterBody = z.infer<typeof PrinterFooterBody>;

/** A footer; `content` '' and `version` 0 while the branch has none of the kind. */
export const PrinterFooter = z.object({
  kind: z.enum(PRINTER_FOOTER_KINDS),
  branchId: z.uuid(),
  content: z.string(),
  version: z.int(),
});
export type PrinterFooter = z.infer<typeof PrinterFooter>;
