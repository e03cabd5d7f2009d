import { ALL_PERMISSIONS, type Permission, type TallyLine, type TallySheet } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import '../../i18n/index.ts';
import { CountSheet, varianceCsv } from './CountSheet.tsx';
import { changedLines, parseCount, sheetRows } from './count-sheet.ts';

const BRANCH = {
  id: '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f60',
  code: 'MAIN',
  name: 'Main',
  isDefault: true,
};

function line(overrides: Partial<TallyLine>): TallyLine {
  return {
    batchId: '00000000-0000-4000-8000-0000000000b1',
    itemId: '00000000-0000-4000-8000-0000000000c1',
    itemCode: 'AMX250',
    itemName: 'Amoxicillin 250 mg capsule',
    dispensingUnit: 'cap',
    batchNo: 'LOT-A',
    expiryDate: '2030-01-31',
    unitCostCents: 25,
    expected: 40,
    counted: null,
    variance: null,
    varianceValueCents: null,
    reason: null,
    countedAt: null,
    ...overrides,
  };
}

const SHEET: TallySheet = {
  sheet: {
    id: '00000000-0000-4000-8000-0000000000d1',
    number: 3,
    status: 'open',
    remark: 'Shelf A',
    reason: null,
    lineCount: 3,
    countedCount: 1,
    varianceValueCents: 0,
    createdAt: 1_800_000_000,
    createdByName: 'Pat Pharm',
    closedAt: null,
    closedByName: null,
    version: 2,
  },
  lines: [
    line({}),
    line({
      batchId: '00000000-0000-4000-8000-0000000000b2',
      batchNo: 'LOT-B',
      expected: 10,
      unitCostCents: 30,
      counted: 10,
      variance: 0,
      varianceValueCents: 0,
      countedAt: 1_800_000_100,
    }),
    line({
      batchId: '00000000-0000-4000-8000-0000000000b3',
      itemId: '00000000-0000-4000-8000-0000000000c2',
      itemCode: 'ORS',
      itemName: 'Oral rehydration salts sachet',
      batchNo: 'LOT-C',
      expiryDate: null,
      expected: 12,
      unitCostCents: 80,
    }),
  ],
};

function showSheet(data: TallySheet = SHEET, permissions: readonly Permission[] = ALL_PERMISSIONS) {
  sessionStore.signIn(
    testSessionInfo({
      branches: [testBranchOption(BRANCH, permissions)],
      modules: ['clinic.inventory'],
    }),
    'clinic',
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/inventory/stockTally?sheet=x']}>
          <Routes>
            <Route
              path="/:branchCode/inventory/stockTally"
              element={<CountSheet data={data} onBack={() => undefined} />}
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
});
afterEach(() => {
  sessionStore.signOut('user');
  document.body.replaceChildren();
});

const rowOf = (batchNo: string) =>
  screen.getAllByRole('row').find((row) => row.getAttribute('data-batch') === batchNo)!;
const countField = (item: string, batch: string) =>
  screen.getByRole('textbox', { name: `Counted ${item}, batch ${batch}` });

describe('the count sheet', () => {
  it('works out each variance and its value as the counts are typed', async () => {
    const user = userEvent.setup();
    showSheet();
    expect(screen.getByTestId('tally-progress')).toHaveTextContent(
      '1 of 3 batches counted; 0 with a variance',
    );
    await user.type(countField('Amoxicillin 250 mg capsule', 'LOT-A'), '37');
    expect(within(rowOf('LOT-A')).getByText('-3')).toBeInTheDocument();
    expect(within(rowOf('LOT-A')).getByText('-0.75')).toBeInTheDocument();

    await user.type(countField('Oral rehydration salts sachet', 'LOT-C'), '13');
    expect(within(rowOf('LOT-C')).getByText('+1')).toBeInTheDocument();
    expect(within(rowOf('LOT-C')).getByText('+0.80')).toBeInTheDocument();
    expect(screen.getByTestId('tally-progress')).toHaveTextContent(
      '3 of 3 batches counted; 2 with a variance',
    );
    expect(screen.getByTestId('tally-value')).toHaveTextContent('Variance value: +0.05');
    expect(screen.getByText('Unsaved counts: save them before finalising.')).toBeInTheDocument();

    // Cleared again: no count, no variance.
    await user.clear(countField('Oral rehydration salts sachet', 'LOT-C'));
    expect(within(rowOf('LOT-C')).queryByText('+1')).not.toBeInTheDocument();
    expect(screen.getByTestId('tally-value')).toHaveTextContent('Variance value: -0.75');
  });

  it('keeps and marks what is not a whole number; Enter goes on to the next count', async () => {
    const user = userEvent.setup();
    showSheet();
    const first = countField('Amoxicillin 250 mg capsule', 'LOT-A');
    await user.type(first, '3.5');
    expect(first).toHaveValue('3.5');
    expect(screen.getByText('A whole number of 0 or more')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save counts' })).toBeDisabled();
    await user.clear(first);
    await user.type(first, '40{Enter}');
    expect(countField('Amoxicillin 250 mg capsule', 'LOT-B')).toHaveFocus();
    expect(within(rowOf('LOT-A')).getByText('0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save counts' })).toBeEnabled();
  });

  it('finds lines by item or batch, and shows a closed sheet read-only', async () => {
    const user = userEvent.setup();
    showSheet({
      ...SHEET,
      sheet: { ...SHEET.sheet, status: 'finalised', closedAt: 1_800_000_500, reason: 'Count' },
    });
    expect(screen.queryByRole('textbox', { name: /^Counted/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalise…' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Find an item' }), 'ors');
    expect(screen.queryByText('LOT-A')).not.toBeInTheDocument();
    expect(screen.getByText('LOT-C')).toBeInTheDocument();
  });

  it('a role that may only read sees no count fields', () => {
    showSheet(SHEET, ['inventory:read']);
    expect(screen.queryByRole('textbox', { name: /^Counted/ })).not.toBeInTheDocument();
  });
});

describe('the count sheet model', () => {
  it('parses whole counts only', () => {
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('')).toBeNull();
    expect(parseCount('-1')).toBeUndefined();
    expect(parseCount('1e3')).toBeUndefined();
  });

  it('sends only the counts that changed, and exports the variance report', () => {
    const rows = sheetRows(SHEET.lines, {
      [SHEET.lines[0]!.batchId]: '37',
      [SHEET.lines[1]!.batchId]: '10',
    });
    expect(changedLines(rows)).toEqual([
      { batchId: SHEET.lines[0]!.batchId, counted: 37, reason: null },
    ]);
    expect(varianceCsv(rows).split('\r\n')[1]).toBe(
      'AMX250,Amoxicillin 250 mg capsule,LOT-A,2030-01-31,40,37,-3,-0.75',
    );
  });
});
