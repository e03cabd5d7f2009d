import type { RoomServiceOption, WaitingAreaOption } from '@clinic/domain';
import { Button, Checkbox, Drawer, Group, Radio, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardFilters } from './board-filters.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  filters: BoardFilters;
  onChange: (filters: BoardFilters) => void;
  rooms: RoomServiceOption[];
  areas: WaitingAreaOption[];
  /** Shown to administrators in staff mode: the board's display links. */
  extra?: ReactNode;
}

/** The board's set-up: which room services and which waiting area it shows. */
export function BoardFiltersDrawer({
  opened,
  onClose,
  filters,
  onChange,
  rooms,
  areas,
  extra,
}: Props) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('board.setUp')} position="right" size="md">
      <Stack>
        <Checkbox.Group
          label={t('board.roomServices')}
          description={t('board.roomServicesHint')}
          value={filters.roomServices}
          onChange={(roomServices) => onChange({ ...filters, roomServices })}
        >
          <Stack gap={6} mt="xs">
            {rooms
              .filter((room) => room.isActive)
              .map((room) => (
                <Checkbox key={room.id} value={room.name} label={room.name} />
              ))}
          </Stack>
        </Checkbox.Group>
        <Radio.Group
          label={t('board.waitingArea')}
          value={filters.areaId ?? ''}
          onChange={(areaId) => onChange({ ...filters, areaId: areaId || null })}
        >
          <Stack gap={6} mt="xs">
            {areas.map((area) => (
              <Radio key={area.id} value={area.id} label={area.description} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button
            variant="default"
            onClick={() => onChange({ ...filters, areaId: null })}
            disabled={!filters.areaId}
          >
            {t('board.clear')}
          </Button>
        </Group>
        {extra}
        <Text size="sm" c="dimmed">
          {t('board.kept')}
        </Text>
      </Stack>
    </Drawer>
  );
}
