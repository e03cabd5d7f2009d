import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';

/**
 * An xlsx workbook of one sheet, streamed: exceljs's streaming writer commits each row as it
 * is added, so the file goes out while it is written rather than being built whole first.
 * The rows are already read (and bounded by `EXPORT_ROWS_MAX`) when this starts.
 */

export interface SheetColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | boolean | null;
  /** An Excel number format (money: '#,##0.00'). */
  numFmt?: string;
}

export function workbookStream<T>(
  sheetName: string,
  columns: ReadonlyArray<SheetColumn<T>>,
  rows: readonly T[],
): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column, index) => ({
    key: String(index),
    header: column.header,
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(columns.map((column) => column.value(row))).commit();
  }
  sheet.commit();
  workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
