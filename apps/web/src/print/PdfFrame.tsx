import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A PDF (its object URL) shown by the browser's own viewer, or the state of its making. */
export function PdfFrame({
  url,
  error,
  title,
  height,
}: {
  url: string | null;
  error: string | null;
  title: string;
  height: number | string;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  if (!url) {
    return (
      <Center h={height}>
        <Loader aria-label={t('print.preparing')} />
      </Center>
    );
  }
  return (
    <iframe
      title={title}
      src={`${url}#toolbar=0&view=Fit`}
      data-testid="print-preview-frame"
      style={{ width: '100%', height, border: '1px solid var(--mantine-color-gray-4)' }}
    />
  );
}
