import { QUEUE_MESSAGES, type PatientPickerOption } from '@clinic/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patientSearchKey } from '../../patients/PatientSearchPicker.tsx';
import {
  BRANCH_ID,
  closeMessages,
  queueEntry,
  renderInBranch,
  signInForTest,
  testQueryClient,
} from '../test-utils.tsx';
import { SearchByPatientDialog } from './SearchByPatientDialog.tsx';

const TAN: PatientPickerOption = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Tan Ah Kow',
  nric: 'S1234567D',
  title: null,
  idType: 'NRIC',
  gender: 'M',
  cardNoPrefix: null,
  cardNo: null,
  contactNo: null,
  telCode: null,
  birthDate: '1980-01-02',
  consultDoctor: null,
  homeAddress: null,
  homePostal: null,
};

/**
 * `GET /queue/page` of a patient with 25 visits, 20 a page; returns the queries of those
 * calls only. Any other call (the picker searching while the name is typed) finds no one.
 */
function serveHistory() {
  const visits = Array.from({ length: 25 }, (_, index) =>
    queueEntry({ patientId: TAN.id, queueNum: `H${String(index + 1).padStart(2, '0')}` }),
  );
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    const { pathname, searchParams: query } = new URL(url);
    let items: unknown[] = [];
    if (pathname.endsWith('/queue/page')) {
      asked.push(query);
      const page = Number(query.get('pageIndex'));
      items = visits.slice((page - 1) * 20, page * 20);
    }
    const total = items.length === 0 ? 0 : visits.length;
    return Promise.resolve(new Response(JSON.stringify({ data: { items, total } })));
  });
  return asked;
}

describe('search by patient', () => {
  beforeEach(() => signInForTest());
  afterEach(async () => {
    await closeMessages();
    vi.unstubAllGlobals();
  });

  it('needs a patient, then pages through the history 20 at a time', async () => {
    const client = testQueryClient();
    client.setQueryData(patientSearchKey(BRANCH_ID, 'patient_name', 'tan'), [TAN]);
    renderInBranch(<SearchByPatientDialog onClose={() => {}} />, client);

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(QUEUE_MESSAGES.searchPatientRequired)).toBeInTheDocument();

    const asked = serveHistory();
    await userEvent.type(screen.getByRole('combobox', { name: /Patient/ }), 'tan');
    await userEvent.click(await screen.findByRole('option', { name: /Tan Ah Kow/ }));
    expect(screen.queryByText(QUEUE_MESSAGES.searchPatientRequired)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('H20')).toBeInTheDocument();
    expect(screen.queryByText('H21')).not.toBeInTheDocument();
    expect(asked.map((query) => query.get('patientID'))).toEqual([TAN.id]);
    expect(asked[0]!.get('pageSize')).toBe('20');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('H25')).toBeInTheDocument();
    expect(asked.map((query) => query.get('pageIndex'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
