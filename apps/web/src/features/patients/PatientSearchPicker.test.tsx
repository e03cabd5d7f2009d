import type { PatientPickerOption } from '@clinic/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRANCH_ID,
  closeMessages,
  renderInBranch,
  signInForTest,
  testQueryClient,
} from '../queue/test-utils.tsx';
import { PatientSearchPicker, patientSearchKey } from './PatientSearchPicker.tsx';

function patient(id: number, name: string, nric: string): PatientPickerOption {
  return {
    id: `20000000-0000-4000-8000-00000000000${id}`,
    name,
    nric,
    title: null,
    idType: 'NRIC',
    gender: 'M',
    cardNoPrefix: null,
    cardNo: `P00000${id}`,
    contactNo: `9123456${id}`,
    telCode: '+65',
    birthDate: '1980-01-02',
    consultDoctor: null,
    homeAddress: null,
    homePostal: null,
  };
}

const TAN = patient(1, 'Tan Ah Kow', 'S1234567D');
const TANG = patient(2, 'Tang Mei Ling', 'T0123456G');

/** The picker as a form holds it, showing the chosen patient's name. */
function Harness({ onChange }: { onChange: (patient: PatientPickerOption | null) => void }) {
  const [value, setValue] = useState<PatientPickerOption | null>(null);
  return (
    <>
      <PatientSearchPicker
        label="Patient"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <output>{value?.name ?? 'none'}</output>
    </>
  );
}

async function openWithResults() {
  const client = testQueryClient();
  client.setQueryData(patientSearchKey(BRANCH_ID, 'patient_name', 'tan'), [TAN, TANG]);
  const onChange = vi.fn();
  renderInBranch(<Harness onChange={onChange} />, client);
  const input = screen.getByRole('combobox', { name: 'Patient' });
  await userEvent.type(input, 'tan');
  // The search waits 500 ms after the last key.
  await screen.findByRole('option', { name: /Tan Ah Kow/ });
  return { input, onChange };
}

const selectedOption = () =>
  screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true');

describe('patient search picker', () => {
  beforeAll(() => signInForTest());
  // Searches the test does not answer reach the unreachable API; the picker only logs them.
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(async () => {
    await closeMessages();
    vi.restoreAllMocks();
  });

  it('moves the selection with up and down and picks with Enter', async () => {
    const { input, onChange } = await openWithResults();
    expect(selectedOption()).toBeUndefined();
    await userEvent.keyboard('{ArrowDown}');
    expect(selectedOption()).toHaveTextContent('Tan Ah Kow');
    expect(input).toHaveAttribute('aria-activedescendant', selectedOption()!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(selectedOption()).toHaveTextContent('Tang Mei Ling');
    await userEvent.keyboard('{ArrowDown}');
    expect(selectedOption()).toHaveTextContent('Tan Ah Kow');
    await userEvent.keyboard('{ArrowUp}');
    expect(selectedOption()).toHaveTextContent('Tang Mei Ling');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(TANG);
    expect(screen.getByRole('status')).toHaveTextContent('Tang Mei Ling');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('Tang Mei Ling');
  });

  it('changes the filter with shift and left or right', async () => {
    await openWithResults();
    const filters = screen.getByRole('radiogroup', { name: 'Search by' });
    expect(within(filters).getByRole('radio', { name: 'Name' })).toBeChecked();
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(within(filters).getByRole('radio', { name: 'ID number' })).toBeChecked();
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(within(filters).getByRole('radio', { name: 'Card No.' })).toBeChecked();
    await userEvent.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}');
    expect(within(filters).getByRole('radio', { name: 'Address' })).toBeChecked();
  });

  it('says so when Enter is pressed with no patient selected', async () => {
    const { onChange } = await openWithResults();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('No patient selected')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ id: TAN.id }));
  });

  it('closes the list with Escape', async () => {
    const { input } = await openWithResults();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers CLEAR only beyond 2 characters, and shows the hint without results', async () => {
    renderInBranch(<Harness onChange={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Patient' });
    await userEvent.type(input, 'ta');
    expect(screen.queryByRole('button', { name: 'CLEAR' })).not.toBeInTheDocument();
    expect(screen.getByText('NO RESULT')).toBeInTheDocument();
    expect(
      screen.getByText('At least 2 character or try search with different criteria'),
    ).toBeInTheDocument();
    await userEvent.type(input, 'n');
    await userEvent.click(screen.getByRole('button', { name: 'CLEAR' }));
    expect(input).toHaveValue('');
  });
});
