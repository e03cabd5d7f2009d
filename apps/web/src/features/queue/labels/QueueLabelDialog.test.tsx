import type { PrintDocument } from '@clinic/print';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clinicUnixOf } from '../../../app/clinic-time.ts';
import { CLINIC_OFFSET, queueEntry, renderInBranch, signInForTest } from '../test-utils.tsx';
import { QueueLabelDialog } from './QueueLabelDialog.tsx';

// The PDF itself is rendered and read back in apps/server/src/platform/pdf.test.ts (Node);
// here the dialog is checked for the document it asks for and what it sends to print.
const rendered = vi.hoisted(() => [] as PrintDocument[]);
vi.mock('../../../print/pdf-render.ts', () => ({
  renderPdfBlob: (document: PrintDocument) => {
    rendered.push(document);
    return Promise.resolve(new Blob(['%PDF-'], { type: 'application/pdf' }));
  },
}));
const printed = vi.hoisted(() => [] as Blob[]);
vi.mock('../../../print/print-pdf.ts', () => ({
  printPdf: (pdf: Blob) => printed.push(pdf),
}));

describe('queue label dialog', () => {
  beforeEach(() => {
    signInForTest();
    rendered.length = 0;
    printed.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:label');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('previews the ticket as a PDF and prints the chosen number of copies', async () => {
    const entry = queueEntry({
      queueNum: 'A007',
      patientName: 'Tan Ah Kow',
      // 09:07 in the clinic (UTC+8), 01:07 UTC: the label shows the clinic's time.
      visitDate: clinicUnixOf('2026-01-05', '09:07', CLINIC_OFFSET)! + 5,
    });
    renderInBranch(<QueueLabelDialog entry={entry} onClose={() => {}} />);
    screen.getByRole('dialog', { name: 'Queue label A007' });
    const frame = await screen.findByTitle('Queue label A007');
    expect(frame.getAttribute('src')).toMatch(/^blob:label/);
    expect(rendered).toEqual([
      {
        kind: 'queueLabel',
        queueNum: 'A007',
        patientName: 'Tan Ah Kow',
        notice: 'PLEASE BE SEATED. YOU WILL BE SERVED SHORTLY.',
        visitDate: '05/Jan/2026 09:07:05',
      },
    ]);

    const copies = screen.getByRole('textbox', { name: 'Number of Copies' });
    await userEvent.clear(copies);
    await userEvent.type(copies, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));

    await waitFor(() => expect(printed).toHaveLength(1));
    expect(rendered.at(-1)).toMatchObject({ kind: 'queueLabel', queueNum: 'A007', copies: 3 });
  });

  it('refuses zero copies', async () => {
    renderInBranch(<QueueLabelDialog entry={queueEntry()} onClose={() => {}} />);
    await screen.findByTitle(/Queue label/);
    const copies = screen.getByRole('textbox', { name: 'Number of Copies' });
    await userEvent.clear(copies);
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(printed).toHaveLength(0);
  });
});
