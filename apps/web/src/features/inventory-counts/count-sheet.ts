import {
  tallyTotals,
  tallyVariance,
  varianceValueCents,
  type TallyLine,
  type TallySaveBody,
  type TallyTotals,
} from '@clinic/domain';

/**
 * The count sheet's model, apart from the screen: what is typed per batch (text, so a
 * half-typed entry is kept and marked rather than dropped), the live variance of each
 * line and what a save sends.
 */

/** Typed counts by batch id; a batch not in it shows its saved count. */
export type CountDrafts = Readonly<Record<string, string>>;

export interface SheetRow extends TallyLine {
  /** What the counted field shows. */
  text: string;
  /** The typed text is not a whole number of 0 or more. */
  invalid: boolean;
  /** The typed count differs from the saved one. */
  changed: boolean;
}

/** A typed count: null for blank, undefined when it is not a whole number of 0 or more. */
export function parseCount(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,7}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Each line with what is typed for it and its variance against what the ledger held. */
export function sheetRows(lines: readonly TallyLine[], drafts: CountDrafts): SheetRow[] {
  return lines.map((line) => {
    const text = drafts[line.batchId];
    if (text === undefined) {
      return {
        ...line,
        text: line.counted === null ? '' : String(line.counted),
        invalid: false,
        changed: false,
      };
    }
    const parsed = parseCount(text);
    const counted = parsed === undefined ? line.counted : parsed;
    const variance = tallyVariance(counted, line.expected);
    return {
      ...line,
      counted,
      variance,
      varianceValueCents: varianceValueCents(variance, line.unitCostCents),
      text,
      invalid: parsed === undefined,
      changed: parsed !== undefined && parsed !== line.counted,
    };
  });
}

export function sheetTotals(rows: readonly SheetRow[]): TallyTotals {
  return tallyTotals(rows);
}

/** The lines a save sends: those whose typed count differs from the saved one. */
export function changedLines(rows: readonly SheetRow[]): TallySaveBody['lines'] {
  return rows
    .filter((row) => row.changed)
    .map((row) => ({ batchId: row.batchId, counted: row.counted, reason: row.reason }));
}

/** Whether a row matches the sheet's find box (code, name or batch number). */
export function rowMatches(row: TallyLine, filter: string): boolean {
  const text = filter.trim().toLowerCase();
  if (!text) return true;
  return [row.itemCode, row.itemName, row.batchNo].some((value) =>
    value.toLowerCase().includes(text),
  );
}
