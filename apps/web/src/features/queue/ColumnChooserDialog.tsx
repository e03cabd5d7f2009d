import { Button, Checkbox, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import {
  DEFAULT_QUEUE_COLUMNS,
  QUEUE_COLUMNS,
  toggleColumn,
  type QueueColumn,
} from './queue-columns.ts';

export interface ColumnChooserDialogProps {
  columns: readonly QueueColumn[];
  /** Called with the new choice; the page keeps it for the user. */
  onChange: (columns: QueueColumn[]) => void;
  onClose: () => void;
}

/** One checkbox per queue column; each change applies at once. */
export function ColumnChooserDialog({ columns, onChange, onClose }: ColumnChooserDialogProps) {
  const { t } = useTranslation();
  const choose = (next: readonly QueueColumn[]) => onChange([...next]);
  return (
    <AppDialog
      onClose={onClose}
      title={t('queue.columns.title')}
      size={480}
      centered
      footer={
        <>
          <Button variant="default" onClick={() => choose(DEFAULT_QUEUE_COLUMNS)} mr="auto">
            {t('queue.columns.reset')}
          </Button>
          <Button onClick={onClose}>{t('dialog.close')}</Button>
        </>
      }
    >
      <SimpleGrid cols={2} spacing="sm">
        {QUEUE_COLUMNS.map((column) => (
          <Checkbox
            key={column}
            label={t(`queue.column.${column}`)}
            checked={columns.includes(column)}
            onChange={() => choose(toggleColumn(columns, column))}
          />
        ))}
      </SimpleGrid>
    </AppDialog>
  );
}
