import { ActionIcon, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.tsx';

export interface CellEditorProps {
  /** What the cell shows. */
  display: ReactNode;
  /** The edit button's name, e.g. 'Edit remark of 003'. */
  editLabel: string;
  /** Prepares the field (the value it starts from) each time the editor opens. */
  onOpen: () => void;
  /** Saves; the editor closes when it answers true. */
  onSave: () => Promise<boolean>;
  /** The field being edited. */
  children: ReactNode;
}

/**
 * A cell value with a pencil button opening a small editor with Cancel and Save; the value
 * alone for a role without queue:update.
 */
export function CellEditor({ display, editLabel, onOpen, onSave, children }: CellEditorProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  const canUpdate = useCan('queue:update');

  async function save() {
    setSaving(true);
    try {
      if (await onSave()) setOpened(false);
    } finally {
      setSaving(false);
    }
  }

  const shown = (
    <Text size="sm" lineClamp={2}>
      {display}
    </Text>
  );
  // A role that may not change the queue sees the value only.
  if (!canUpdate) return shown;

  return (
    <Group gap={4} wrap="nowrap">
      {shown}
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        shadow="md"
        width={280}
        trapFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="dark"
            size="sm"
            aria-label={editLabel}
            onClick={() => {
              if (!opened) onOpen();
              setOpened(!opened);
            }}
          >
            <IconPencil size={14} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Stack gap="xs">
              {children}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                  {t('dialog.cancel')}
                </Button>
                <Button type="submit" size="xs" loading={saving}>
                  {t('queue.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
