import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { EMPTY_PATIENT } from './patient-form.ts';
import { PatientFields } from './PatientFields.tsx';

const LISTS = {
  genders: [{ code: 'M', name: 'Male' }],
  idTypes: [{ code: 'NRIC', name: 'NRIC' }],
  nationalities: [{ code: 'SG', name: 'Singapore' }],
  telCodes: [{ code: '+65', name: 'Singapore' }],
  defaultTelCode: { code: '+65', name: 'Singapore' },
  cardPrefixes: [],
};
const CHOSEN = {
  ...EMPTY_PATIENT,
  name: 'Tan Ah Kow',
  gender: 'M',
  birthDate: '1962-08-02',
  idType: 'NRIC',
  nric: 'S1234567D',
  telCode: '+65',
  contactNo: '91234567',
  nationality: 'SG',
};

function renderFields(readOnly: boolean) {
  render(
    <MantineProvider env="test">
      <button type="button">Before</button>
      <PatientFields
        values={CHOSEN}
        onChange={() => {}}
        errors={{}}
        readOnly={readOnly}
        hasHciCode={false}
        today="2026-11-25"
        lists={LISTS}
      />
      <button type="button">After</button>
    </MantineProvider>,
  );
}

describe('patient fields and the keyboard', () => {
  it('leaves a chosen patient out of the tab order: Tab goes past the fields', async () => {
    renderFields(true);
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    // Still there to read.
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Tan Ah Kow');
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveValue('64 years 3 months');
  });

  it("tabs through a new patient's fields, skipping the age it works out", async () => {
    renderFields(false);
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'Title' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: /Birth date/ })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Clear date' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: /ID type/ })).toHaveFocus();
  });
});
