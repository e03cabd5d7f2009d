/**
 * CSV export of a list, built in the browser (there is no export call on the server):
 * RFC 4180 quoting, CRLF line ends, and a byte-order mark so spreadsheet programs read the
 * file as UTF-8. A cell starting with =, +, - or @ is prefixed with a quote, so a
 * spreadsheet shows it as text rather than running it as a formula.
 */
export type CsvCell = string | number | boolean | null;

function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  const text = String(cell);
  const safe = typeof cell === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cellText).join(',')).join('\r\n') + '\r\n';
}

/** Saves `csv` as a download named `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Reads every page of a paged list (for the export), `pageSize` rows a call. */
export async function readAllPages<T>(
  readPage: (pageIndex: number) => Promise<{ items: T[]; total: number }>,
  pageSize: number,
): Promise<T[]> {
  const first = await readPage(1);
  const items = [...first.items];
  const pages = Math.ceil(first.total / pageSize);
  for (let page = 2; page <= pages; page += 1) items.push(...(await readPage(page)).items);
  return items;
}
