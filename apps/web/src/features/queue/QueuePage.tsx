import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The front-desk queue; its table, dialogs and live updates arrive with the queue feature. */
export function QueuePage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.queue')}
      </Title>
      <Text c="dimmed">{t('queue.empty')}</Text>
    </Stack>
  );
}
