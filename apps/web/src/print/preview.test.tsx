import type { PrintDocument } from '@clinic/print';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/index.ts';
import { openPrintPreview } from './preview.ts';
import type * as PrintPdfModule from './print-pdf.ts';

// The PDF is rendered for real in apps/server/src/platform/pdf.test.ts; here, what the
// preview asks for and does with it.
const rendered = vi.hoisted(() => [] as PrintDocument[]);
vi.mock('./pdf-render.ts', () => ({
  renderPdfBlob: (document: PrintDocument) => {
    rendered.push(document);
    return Promise.resolve(new Blob(['%PDF-'], { type: 'application/pdf' }));
  },
}));
const actions = vi.hoisted(() => [] as string[]);
vi.mock('./print-pdf.ts', async (original) => ({
  ...(await original<typeof PrintPdfModule>()),
  printPdf: () => actions.push('print'),
  downloadPdf: (_pdf: Blob, name: string) => actions.push(`download ${name}`),
}));

const label: PrintDocument = {
  kind: 'queueLabel',
  queueNum: 'A001',
  patientName: 'Tan Ah Kow',
  notice: 'PLEASE BE SEATED.',
  visitDate: '05/Jan/2026 09:07:05',
};

describe('openPrintPreview', () => {
  beforeEach(() => {
    rendered.length = 0;
    actions.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('shows the PDF of a document loaded on demand, prints it and downloads it', async () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() =>
      openPrintPreview({
        title: 'Medical certificate MC-1',
        document: () => Promise.resolve(label),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Medical certificate MC-1' });
    expect(await screen.findByTitle('Medical certificate MC-1')).toHaveAttribute(
      'src',
      'blob:preview#toolbar=0&view=Fit',
    );
    expect(rendered).toEqual([label]);
    expect(dialog).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(actions).toEqual(['print', 'download Medical-certificate-MC-1.pdf']);

    // The footer's Close (the title bar has one too).
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why when the document cannot be made', async () => {
    await act(() =>
      openPrintPreview({
        title: 'Excuse chit',
        document: () => Promise.reject(new Error('This branch does not exist.')),
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This branch does not exist.');
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});
