import { EmptyState } from '@mantine/core';
import { IconClipboardText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A tab whose content is built with its own feature: says so instead of showing nothing. */
export function PendingFeatureState({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      py="xl"
      title={title}
      description={t('queue.tabs.pending')}
      icon={<IconClipboardText size={28} aria-hidden />}
      withIndicatorBackground
    />
  );
}
