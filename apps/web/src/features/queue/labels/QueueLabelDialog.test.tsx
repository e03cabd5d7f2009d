import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clinicUnixOf } from '../../../app/clinic-time.ts';
import { CLINIC_OFFSET, queueEntry, renderInBranch, signInForTest } from '../test-utils.tsx';
import { QueueLabelDialog } from './QueueLabelDialog.tsx';

describe('queue label dialog', () => {
  const print = vi.fn();
  beforeEach(() => {
    signInForTest();
    print.mockClear();
    vi.spyOn(window, 'print').mockImplementation(print);
  });
  afterEach(() => vi.restoreAllMocks());

  it('previews the ticket and prints the chosen number of copies', async () => {
    const entry = queueEntry({
      queueNum: 'A007',
      patientName: 'Tan Ah Kow',
      // 09:07 in the clinic (UTC+8), 01:07 UTC: the label shows the clinic's time.
      visitDate: clinicUnixOf('2026-01-05', '09:07', CLINIC_OFFSET)! + 5,
    });
    renderInBranch(<QueueLabelDialog entry={entry} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Queue label A007' });
    expect(dialog).toHaveTextContent('PLEASE BE SEATED. YOU WILL BE SERVED SHORTLY.');
    expect(dialog).toHaveTextContent('05/Jan/2026 09:07:05');

    const copies = screen.getByRole('textbox', { name: 'Number of Copies' });
    await userEvent.clear(copies);
    await userEvent.type(copies, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));

    expect(print).toHaveBeenCalledTimes(1);
    const printed = document.querySelectorAll('.label-print-root .queue-label');
    expect(printed).toHaveLength(3);
    expect(printed[0]).toHaveTextContent('A007');
    expect(document.querySelector('.label-print-root style')?.textContent).toContain(
      'size: 76mm 35mm',
    );

    window.dispatchEvent(new Event('afterprint'));
    expect(document.querySelector('.label-print-root')).toBeNull();
  });

  it('refuses zero copies', async () => {
    renderInBranch(<QueueLabelDialog entry={queueEntry()} onClose={() => {}} />);
    const copies = screen.getByRole('textbox', { name: 'Number of Copies' });
    await userEvent.clear(copies);
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});
