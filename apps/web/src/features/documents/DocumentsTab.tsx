import type { DocumentRecord } from '@clinic/domain';
import { ActionIcon, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { formatClinicInstant, DATE_FORMATS } from '../../app/date-format.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { useCan } from '../../app/permissions.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { downloadDocument, useDocumentChanges, usePatientDocuments } from './document-api.ts';
import '../../i18n/patient-area/index.ts';

// The editor and the preview load when first opened, so the list shows without their code.
const DocumentEditorDialog = lazy(async () => ({
  default: (await import('./DocumentEditorDialog.tsx')).DocumentEditorDialog,
}));
const DocumentPreviewDialog = lazy(async () => ({
  default: (await import('./DocumentPreviewDialog.tsx')).DocumentPreviewDialog,
}));

/** The query parameter that opens the editor: 'new' to upload, a document's id to edit. */
export const EDITOR_PARAM = 'editorId';

/**
 * A patient's documents (the e-documents tab, doc 2 section 2.11): the list, newest first,
 * with upload (drag and drop), edit of FILE NAME / CATEGORY / REMARK, preview, download
 * and delete. The editor is open while `?editorId=` is in the address (`new`: upload).
 */
export function DocumentsTab({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const [params, setParams] = useSearchParams();
  const [previewing, setPreviewing] = useState<DocumentRecord | null>(null);
  const documents = usePatientDocuments(patientId);
  const { remove } = useDocumentChanges();
  const canCreate = useCan('documents:create');
  const canUpdate = useCan('documents:update');
  const canDelete = useCan('documents:delete');
  const editorId = params.get(EDITOR_PARAM);

  const openEditor = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(EDITOR_PARAM, id);
      return next;
    });
  const closeEditor = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(EDITOR_PARAM);
      return next;
    });

  async function confirmRemove(document: DocumentRecord) {
    const { confirmed } = await dialogs.confirm({
      title: t('documents.removeConfirm'),
      focusCancel: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ id: document.id, version: document.version });
      snackbar.success(t('documents.removed'));
    } catch (error) {
      if (error instanceof ApiError) await dialogs.alert(error.message);
      else throw error;
    }
  }

  async function download(document: DocumentRecord) {
    try {
      await downloadDocument(document);
    } catch (error) {
      snackbar.error(error instanceof Error ? error.message : t('documents.loadFailed'));
    }
  }

  const items = documents.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>{t('documents.title')}</Title>
        {canCreate && (
          <Button leftSection={<IconUpload size={16} />} onClick={() => openEditor('new')}>
            {t('documents.upload')}
          </Button>
        )}
      </Group>
      {documents.isPending ? (
        <Loader size="sm" />
      ) : documents.isError ? (
        <Text c="red">{t('documents.loadFailed')}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('documents.empty')}</Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('documents.columns.name')}</Table.Th>
              <Table.Th>{t('documents.columns.category')}</Table.Th>
              <Table.Th>{t('documents.columns.remark')}</Table.Th>
              <Table.Th>{t('documents.columns.uploaded')}</Table.Th>
              <Table.Th>{t('documents.columns.by')}</Table.Th>
              <Table.Th>{t('documents.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((document) => {
              const name = { name: document.name };
              return (
                <Table.Tr key={document.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Badge
                        size="xs"
                        variant="light"
                        color={document.type === 'pdf' ? 'red' : 'blue'}
                      >
                        {document.type === 'pdf' ? 'PDF' : 'IMG'}
                      </Badge>
                      <Text size="sm">{document.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{document.category}</Table.Td>
                  <Table.Td>{document.remark}</Table.Td>
                  <Table.Td>
                    {formatClinicInstant(document.createdAt, offset, DATE_FORMATS.documentTime)}
                  </Table.Td>
                  <Table.Td>{document.createdByName}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('documents.actions.preview', name)}
                        onClick={() => setPreviewing(document)}
                      >
                        <IconEye size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('documents.actions.download', name)}
                        onClick={() => void download(document)}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                      {canUpdate && (
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('documents.actions.edit', name)}
                          onClick={() => openEditor(document.id)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      )}
                      {canDelete && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('documents.actions.remove', name)}
                          onClick={() => void confirmRemove(document)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Suspense fallback={null}>
        {editorId !== null && (
          <DocumentEditorDialog
            patientId={patientId}
            editorId={editorId === 'new' ? null : editorId}
            onClose={closeEditor}
          />
        )}
        {previewing && (
          <DocumentPreviewDialog document={previewing} onClose={() => setPreviewing(null)} />
        )}
      </Suspense>
    </Stack>
  );
}
