import type { DocumentRecord } from '@clinic/domain';
import { Center, Image, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { useDocumentObjectUrl } from './document-api.ts';
import '../../i18n/patient-area/index.ts';

/** A document's file: an image inline, a PDF in a frame (both from an object URL). */
export function DocumentPreviewDialog({
  document,
  onClose,
}: {
  document: DocumentRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { url, failed } = useDocumentObjectUrl(document);
  return (
    <AppDialog title={document.name} onClose={onClose} size={1000} centered>
      {failed ? (
        <Text c="red">{t('documents.loadFailed')}</Text>
      ) : !url ? (
        <Center h={200}>
          <Loader aria-label={t('documents.preview.loading')} />
        </Center>
      ) : document.type === 'pdf' ? (
        <iframe
          src={url}
          title={t('documents.preview.pdfFrame', { name: document.name })}
          style={{ width: '100%', height: '75vh', border: 0 }}
        />
      ) : (
        <Image src={url} alt={document.name} fit="contain" mah="75vh" />
      )}
    </AppDialog>
  );
}
