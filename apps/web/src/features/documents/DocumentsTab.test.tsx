import { DOCUMENT_MESSAGES, type DocumentRecord } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import '../../i18n/index.ts';
import { BRANCH_ID, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { documentKeys } from './document-api.ts';
import { DocumentsTab } from './DocumentsTab.tsx';
// Loaded up front, so the tests time the dialog and not its chunk.
import './DocumentEditorDialog.tsx';

const PATIENT = '10000000-0000-4000-8000-000000000001';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function documentOf(overrides: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    patientId: PATIENT,
    visitId: null,
    branchId: BRANCH_ID,
    name: 'Blood test.pdf',
    category: 'Lab result',
    remark: 'Fasting',
    type: 'pdf',
    contentType: 'application/pdf',
    size: 1000,
    src: '/e-documents/20000000-0000-4000-8000-000000000001/file?fileName=Blood%20test.pdf',
    createdBy: '30000000-0000-4000-8000-000000000001',
    createdByName: 'Dr Lim',
    createdAt: 1_790_000_000,
    version: 1,
    ...overrides,
  };
}

function renderTab(address: string, documents: DocumentRecord[] = []) {
  const client = testQueryClient();
  client.setQueryData(documentKeys.list(BRANCH_ID, PATIENT), documents);
  client.setQueryData(documentKeys.categories(BRANCH_ID), [
    { id: '40000000-0000-4000-8000-000000000001', name: 'Lab result' },
    { id: '40000000-0000-4000-8000-000000000002', name: 'Imaging' },
  ]);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route
              path="/:branchCode/patients/:patientId/e-documents"
              element={<DocumentsTab patientId={PATIENT} />}
            />
          </Routes>
        </MemoryRouter>
        <DialogHost />
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

const base = `/MAIN/patients/${PATIENT}/e-documents`;

describe('the documents tab', () => {
  beforeEach(() => signInForTest(['clinic.patient']));

  it('lists the documents with their category, remark and who uploaded them', async () => {
    renderTab(base, [documentOf()]);
    expect(await screen.findByText('Blood test.pdf')).toBeInTheDocument();
    expect(screen.getByText('Lab result')).toBeInTheDocument();
    expect(screen.getByText('Fasting')).toBeInTheDocument();
    expect(screen.getByText('Dr Lim')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Blood test.pdf' })).toBeInTheDocument();
  });

  it('says plainly when the patient has none', async () => {
    renderTab(base);
    expect(await screen.findByText('This patient has no documents yet.')).toBeInTheDocument();
  });

  it('opens the upload editor in create mode from ?editorId=new, with the drop hint', async () => {
    renderTab(`${base}?editorId=new`);
    expect(await screen.findByText('Upload document')).toBeInTheDocument();
    expect(screen.getByText(/Drag & Drop your picture or/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Browse' })).toBeInTheDocument();
    expect(screen.getByLabelText('FILE NAME')).toBeInTheDocument();
    expect(screen.getByLabelText('REMARK')).toBeInTheDocument();
  });

  it('takes a single file: two dropped files are refused with the message', async () => {
    renderTab(`${base}?editorId=new`);
    const zone = await screen.findByTestId('document-dropzone');
    const files = [new File([PNG], 'a.png'), new File([PNG], 'b.png')];
    fireEvent.drop(zone, { dataTransfer: { files } });
    expect(await screen.findByText(DOCUMENT_MESSAGES.oneFile)).toBeInTheDocument();
  });

  it('takes an image or a PDF only, by its bytes, whatever its name', async () => {
    renderTab(`${base}?editorId=new`);
    const input = await screen.findByTestId('document-file-input');
    await userEvent.upload(input, new File(['MZ program'], 'photo.png', { type: 'image/png' }), {
      applyAccept: false,
    });
    expect(await screen.findByText(DOCUMENT_MESSAGES.fileType)).toBeInTheDocument();
    await userEvent.upload(input, new File([PNG], 'left hand.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByLabelText('FILE NAME')).toHaveValue('left hand.png'));
    expect(screen.queryByText(DOCUMENT_MESSAGES.fileType)).not.toBeInTheDocument();
  });

  it('asks for a file and a category before saving', async () => {
    renderTab(`${base}?editorId=new`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DOCUMENT_MESSAGES.fileRequired)).toBeInTheDocument();
    expect(screen.getByText(DOCUMENT_MESSAGES.categoryRequired)).toBeInTheDocument();
  });
});
