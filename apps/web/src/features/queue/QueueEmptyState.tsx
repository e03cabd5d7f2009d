import { Button, EmptyState } from '@mantine/core';
import { IconListNumbers, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../app/permissions.tsx';

/** No entry on the chosen day: 'Sorry, nothing to display. Please add a queue'. */
export function QueueEmptyState({
  onAdd,
  onRefresh,
}: {
  onAdd: () => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      py="xl"
      title={t('queue.empty')}
      icon={<IconListNumbers size={28} aria-hidden />}
      withIndicatorBackground
    >
      <EmptyState.Actions>
        <Can permission="queue:create">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {t('queue.toolbar.add')}
          </Button>
        </Can>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRefresh}
        >
          {t('queue.toolbar.refresh')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
