import { describe, expect, it } from 'vitest';
import { readAllPages, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes what needs it and ends each line with CRLF', () => {
    expect(
      toCsv(
        ['code', 'name', 'price'],
        [
          ['PCM', 'Paracetamol, 500 mg', '0.20'],
          ['SYR', 'Cough "DM" syrup', null],
          ['X', 'two\nlines', true],
        ],
      ),
    ).toBe(
      'code,name,price\r\nPCM,"Paracetamol, 500 mg",0.20\r\nSYR,"Cough ""DM"" syrup",\r\nX,"two\nlines",true\r\n',
    );
  });

  it('keeps a spreadsheet from reading a text cell as a formula', () => {
    expect(toCsv(['name'], [['=HYPERLINK("x")'], ['+1'], ['@SUM'], [-5]])).toBe(
      'name\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'@SUM\r\n-5\r\n',
    );
  });

  it('reads every page of a list', async () => {
    const all = Array.from({ length: 45 }, (_, index) => index);
    const asked: number[] = [];
    const items = await readAllPages(async (page) => {
      asked.push(page);
      return { items: all.slice((page - 1) * 20, page * 20), total: all.length };
    }, 20);
    expect(items).toEqual(all);
    expect(asked).toEqual([1, 2, 3]);
  });
});
