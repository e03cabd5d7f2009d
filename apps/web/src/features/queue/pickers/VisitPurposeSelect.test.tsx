import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../i18n/index.ts';
import { VisitPurposeSelect } from './VisitPurposeSelect.tsx';

const OPTIONS = [{ code: 'Consultation' }, { code: 'Vaccination' }] as const;

function renderSelect(props: { label?: string; ariaLabel?: string }) {
  render(
    <MantineProvider env="test">
      <VisitPurposeSelect options={OPTIONS} value={[]} onChange={() => undefined} {...props} />
    </MantineProvider>,
  );
}

describe('VisitPurposeSelect', () => {
  it('says when its list is open, and the open list is named after the field', async () => {
    renderSelect({ label: 'Visit purposes' });
    const field = screen.getByRole('button', { name: 'Visit purposes' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(field);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Visit purposes' })).toBeVisible();
  });

  it('names the list of an inline editor by its accessible name', async () => {
    renderSelect({ ariaLabel: 'Visit purposes of queue 007' });
    await userEvent.click(screen.getByRole('button', { name: /Visit purposes of queue 007/ }));
    expect(screen.getByRole('listbox', { name: 'Visit purposes of queue 007' })).toBeVisible();
  });
});
