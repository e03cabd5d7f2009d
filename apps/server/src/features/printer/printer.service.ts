import type { PrinterFooter, PrinterFooterBody, PrinterFooterKind } from '@clinic/domain';
import { conflict } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { sanitizeFooterHtml } from './footer-html.ts';
import * as repo from './printer.repo.ts';

/**
 * The caller's branch's printer footers (doc 3 section 7.1). Stored as sanitised HTML and
 * sanitised again when answered: a row written before the allow-list tightened, or by
 * hand, still never answers a script.
 */
export function printerFooter(scope: BranchScope, kind: PrinterFooterKind): Promise<PrinterFooter> {
  return scope.run(async (tx) => {
    const row = await repo.footer(tx, scope.branchId, kind);
    return {
      kind,
      branchId: scope.branchId,
      content: sanitizeFooterHtml(row?.content ?? ''),
      version: row?.version ?? 0,
    };
  });
}

/** Saves a footer at the version read (0: the branch's first of the kind); 409 otherwise. */
export function updatePrinterFooter(
  scope: BranchScope,
  kind: PrinterFooterKind,
  body: PrinterFooterBody,
): Promise<PrinterFooter> {
  return scope.run(async (tx) => {
    const row = {
      branchId: scope.branchId,
      kind,
      content: sanitizeFooterHtml(body.content),
      userId: scope.userId,
    };
    const saved =
      body.version === 0
        ? await repo.insertFooter(tx, row)
        : await repo.updateFooter(tx, { ...row, version: body.version });
    if (!saved) throw conflict();
    return { kind, branchId: scope.branchId, content: saved.content, version: saved.version };
  });
}
