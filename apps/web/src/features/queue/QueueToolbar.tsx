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
import { Can, useCan } from '../../app/permissions.tsx';
import { LazyDateField } from '../../components/LazyDateField.tsx';
import { shortcutKeys, useShortcut, type Shortcut } from '../../components/shortcuts.ts';
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

/** The front desk's three commonest actions (see components/shortcuts.ts for the keys). */
export const QUEUE_SHORTCUTS = {
  add: { letter: 'N' },
  searchByPatient: { letter: 'P' },
  refresh: { letter: 'R' },
} as const satisfies Record<string, Shortcut>;

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
  const canAdd = useCan('queue:create');
  useShortcut(QUEUE_SHORTCUTS.add, onAdd, canAdd);
  useShortcut(QUEUE_SHORTCUTS.searchByPatient, onSearchByPatient);
  useShortcut(QUEUE_SHORTCUTS.refresh, onRefresh);
  /** The tooltip and key attribute of a button with a shortcut. */
  const hint = (action: string, shortcut: Shortcut) => ({
    label: t('queue.toolbar.withShortcut', { action, keys: shortcutKeys(shortcut) }),
    keys: shortcutKeys(shortcut),
  });
  const search = hint(t('queue.toolbar.searchByPatient'), QUEUE_SHORTCUTS.searchByPatient);
  const refresh = hint(t('queue.toolbar.refresh'), QUEUE_SHORTCUTS.refresh);
  const add = hint(t('queue.toolbar.add'), QUEUE_SHORTCUTS.add);
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
        <Tooltip label={search.label}>
          <Button
            variant="default"
            leftSection={<IconUserSearch size={16} aria-hidden />}
            onClick={onSearchByPatient}
            aria-keyshortcuts={search.keys}
          >
            {t('queue.toolbar.searchByPatient')}
          </Button>
        </Tooltip>
        <Tooltip label={refresh.label}>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={refreshing}
            onClick={onRefresh}
            aria-keyshortcuts={refresh.keys}
          >
            {t('queue.toolbar.refresh')}
          </Button>
        </Tooltip>
        {canAdd && (
          <Tooltip label={add.label}>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={onAdd}
              aria-keyshortcuts={add.keys}
            >
              {t('queue.toolbar.add')}
            </Button>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
