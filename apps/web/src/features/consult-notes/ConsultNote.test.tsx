import type { ConsultNoteRecord } from '@clinic/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, HttpClient } from '../../api/http.ts';
import { BRANCH_ID, renderInBranch, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { ConsultNote, consultNoteKey } from './ConsultNote.tsx';

/** The client's one call method, as a mock of any endpoint. */
const spyCall = () =>
  vi.spyOn(HttpClient.prototype, 'call') as unknown as Mock<
    (...args: unknown[]) => Promise<unknown>
  >;

const VISIT = '20000000-0000-4000-8000-000000000001';

const note: ConsultNoteRecord = {
  visitId: VISIT,
  history: 'Cough',
  examination: null,
  plan: null,
  freeText: null,
  version: 2,
  updatedAt: 1_790_000_000,
  updatedByName: 'Dr Lim',
};

function show(readOnly = false) {
  const client = testQueryClient();
  client.setQueryData(consultNoteKey(BRANCH_ID, VISIT), note);
  renderInBranch(<ConsultNote visitId={VISIT} readOnly={readOnly} />, client);
}

describe('the consultation note', () => {
  beforeEach(() => signInForTest(['clinic.queue', 'clinic.patient']));

  it('shows the four sections; read-only cannot be typed in', () => {
    show(true);
    expect(screen.getByRole('textbox', { name: 'History' })).toHaveValue('Cough');
    for (const name of ['Examination', 'Plan', 'Notes']) {
      expect(screen.getByRole('textbox', { name })).toHaveAttribute('readonly');
    }
  });

  it('autosaves after typing stops, then says Saved', async () => {
    const call = spyCall().mockResolvedValue({ ...note, plan: 'Rest', version: 3 });
    const user = userEvent.setup();
    show();
    await user.type(screen.getByRole('textbox', { name: 'Plan' }), 'Rest');
    expect(screen.getByRole('status')).toHaveTextContent('Not saved yet');
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toMatchObject({
      params: { id: VISIT },
      body: { history: 'Cough', plan: 'Rest', version: 2 },
    });
    call.mockRestore();
  });

  it('keeps the text when another user saved first, and offers to reload theirs', async () => {
    const call = spyCall()
      .mockRejectedValueOnce(new ApiError(409, 'changed', 'record.changed'))
      .mockResolvedValueOnce({ ...note, plan: 'Theirs', version: 3 });
    const user = userEvent.setup();
    show();
    const plan = screen.getByRole('textbox', { name: 'Plan' });
    await user.type(plan, 'Mine');
    await user.tab();
    expect(await screen.findByText(/Someone else saved this note first/)).toBeInTheDocument();
    expect(plan).toHaveValue('Mine');
    await user.click(screen.getByRole('button', { name: 'Reload their version' }));
    expect(await screen.findByDisplayValue('Theirs')).toBeInTheDocument();
    call.mockRestore();
  });
});
