import type { PhysicalReading } from '@clinic/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, HttpClient } from '../../api/http.ts';
import { BRANCH_ID, renderInBranch, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { ReadingsEditor, readingsKey } from './ReadingsEditor.tsx';

/** The client's one call method, as a mock of any endpoint. */
const spyCall = () =>
  vi.spyOn(HttpClient.prototype, 'call') as unknown as Mock<
    (...args: unknown[]) => Promise<unknown>
  >;

const VISIT = '20000000-0000-4000-8000-000000000001';

const reading: PhysicalReading = {
  id: '40000000-0000-4000-8000-000000000001',
  visitId: VISIT,
  readingTime: 1_790_000_000,
  systolic: 120,
  diastolic: 80,
  pulse: 72,
  glucose: null,
  temperature: 36.8,
  height: 175,
  weight: 70,
  bsa: 1.84,
  bmi: 22.86,
  version: 1,
};

function show(items: PhysicalReading[], readOnly = false) {
  const client = testQueryClient();
  client.setQueryData(readingsKey(BRANCH_ID, VISIT), items);
  renderInBranch(<ReadingsEditor visitId={VISIT} readOnly={readOnly} />, client);
}

describe('the readings editor', () => {
  beforeEach(() => signInForTest(['clinic.queue', 'clinic.patient']));

  it('lists the readings with BP, BSA and BMI; read-only offers no add, edit or delete', () => {
    show([reading], true);
    expect(screen.getByText('120/80')).toBeInTheDocument();
    expect(screen.getByText('1.84')).toBeInTheDocument();
    expect(screen.getByText('22.86')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add reading' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('derives BSA and BMI in the dialog as height and weight are typed', async () => {
    const user = userEvent.setup();
    show([]);
    expect(screen.getByText('No readings for this visit yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add reading' }));
    await user.type(await screen.findByRole('textbox', { name: 'Height (cm)' }), '180');
    await user.type(screen.getByRole('textbox', { name: 'Weight (kg)' }), '80');
    expect(screen.getByRole('textbox', { name: 'BSA (m²)' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'BMI' })).toHaveValue('24.69');
  });

  it("says 'Something wrong, please try again' when the save fails", async () => {
    const call = spyCall().mockRejectedValue(new ApiError(500, 'Server down'));
    const user = userEvent.setup();
    show([reading]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const pulse = await screen.findByRole('textbox', { name: 'Pulse (/min)' });
    await user.clear(pulse);
    await user.type(pulse, '80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Something wrong, please try again: Server down'),
    ).toBeInTheDocument();
    expect(call.mock.calls[0]![1]).toMatchObject({
      params: { id: reading.id },
      body: { pulse: 80, version: 1 },
    });
    call.mockRestore();
  });
});
