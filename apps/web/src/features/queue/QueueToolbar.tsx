import { ActionIcon, Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconColumns,
  IconDeviceTv,
  IconPlus,
  IconRefresh,
  IconUserSearch,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import { Can } from '../../app/permissions.tsx';
import { LazyDateField } from '../../components/LazyDateField.tsx';
import { branchPath } from '../../app/branch.ts';
import { shiftDay } from './queue-format.ts';

export interface QueueToolbarProps {
  branchCode: string;
  /** The day shown, 'YYYY-MM-DD'. */
  date: string;
  onDateChange: (date: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
  onChooseColumns: () => void;
  onSearchByPatient: () => void;
  onAdd: () => void;
}

/**
 * Day navigation, column chooser, queue display link, search, refresh and add; the
 * display link and add only for a role that may use them.
 */
export function QueueToolbar({
  branchCode,
  date,
  onDateChange,
  refreshing,
  onRefresh,
  onChooseColumns,
  onSearchByPatient,
  onAdd,
}: QueueToolbarProps) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  return (
    <Group justify="space-between" gap="sm">
      <Group gap={6} wrap="nowrap">
        <Tooltip label={t('queue.toolbar.previousDay')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('queue.toolbar.previousDay')}
            onClick={() => onDateChange(shiftDay(date, -1))}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <LazyDateField
          aria-label={t('queue.toolbar.date')}
          clearButtonProps={{
            'aria-label': t('form.clearField', { field: t('queue.toolbar.date') }),
          }}
          value={date}
          // Clearing the date goes back to today: the queue always shows a day.
          onChange={(next) => onDateChange(next ?? clinicToday(offset))}
          w={150}
        />
        <Tooltip label={t('queue.toolbar.nextDay')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('queue.toolbar.nextDay')}
            onClick={() => onDateChange(shiftDay(date, 1))}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconColumns size={16} aria-hidden />}
          onClick={onChooseColumns}
        >
          {t('queue.toolbar.columns')}
        </Button>
        <Can permission="queueDisplay:read">
          <Button
            component="a"
            href={branchPath(branchCode, 'queue-display')}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconDeviceTv size={16} aria-hidden />}
          >
            {t('queue.toolbar.display')}
            <VisuallyHidden>{t('queue.toolbar.newTab')}</VisuallyHidden>
          </Button>
        </Can>
        <Button
          variant="default"
          leftSection={<IconUserSearch size={16} aria-hidden />}
          onClick={onSearchByPatient}
        >
          {t('queue.toolbar.searchByPatient')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={refreshing}
          onClick={onRefresh}
        >
          {t('queue.toolbar.refresh')}
        </Button>
        <Can permission="queue:create">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {t('queue.toolbar.add')}
          </Button>
        </Can>
      </Group>
    </Group>
  );
}
