import { ActionIcon, Button, Group, Loader, Tooltip } from '@mantine/core';
import { IconAdjustments, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClinicTime, nowUnix } from '../../app/clinic-time.ts';
import { BoardFiltersDrawer } from './BoardFiltersDrawer.tsx';
import { BoardPanels } from './BoardPanels.tsx';
import { loadFilters, saveFilters, type BoardFilters } from './board-filters.ts';
import './board.css';
import { useBoard, useBoardLookups, type BoardSource } from './use-board.ts';

/** The time on the clinic's clock (`offset`: minutes east of UTC), HH:mm. */
function useClock(offset: number): string {
  const [now, setNow] = useState(nowUnix);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowUnix()), 10_000);
    return () => clearInterval(timer);
  }, []);
  return formatClinicTime(now, offset, 'HH:mm');
}

interface Props {
  source: BoardSource;
  title: string;
  /** Extra set-up for administrators (display links). */
  setUpExtra?: ReactNode;
}

/** The public queue board of one branch (doc 1 sections 2.12 and 4). */
export function Board({ source, title, setUpExtra }: Props) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<BoardFilters>(() => loadFilters(source.branchId));
  const [setUpOpen, setSetUpOpen] = useState(false);
  const { board, connected, announcer } = useBoard(source, filters);
  const { rooms, areas } = useBoardLookups(source);
  const [soundReady, setSoundReady] = useState(false);
  const clock = useClock(source.timezoneOffset);

  const change = (next: BoardFilters) => {
    setFilters(next);
    saveFilters(source.branchId, next);
  };

  // Browsers play sound only after a gesture: the first click on the board unlocks it.
  useEffect(() => {
    if (!filters.sound || soundReady) return;
    const unlock = () => {
      announcer.unlock();
      setSoundReady(true);
    };
    document.addEventListener('click', unlock, { once: true });
    return () => document.removeEventListener('click', unlock);
  }, [filters.sound, soundReady, announcer]);

  useEffect(() => {
    announcer.setEnabled(filters.sound && soundReady);
  }, [filters.sound, soundReady, announcer]);

  const toggleSound = () => {
    if (!filters.sound) {
      announcer.unlock();
      setSoundReady(true);
    }
    change({ ...filters, sound: !filters.sound });
  };

  return (
    <div className="board">
      <header className="board-header">
        <h1>{title}</h1>
        <Group gap="lg">
          {!connected && (
            <span className="board-reconnecting" role="status">
              {t('board.reconnecting')}
            </span>
          )}
          {filters.sound && !soundReady && (
            <span className="board-reconnecting">{t('board.clickForSound')}</span>
          )}
          <span aria-label={t('board.time')}>{clock}</span>
          <Tooltip label={filters.sound ? t('board.soundOff') : t('board.soundOn')}>
            <ActionIcon
              variant="filled"
              color="teal.9"
              size="xl"
              onClick={toggleSound}
              aria-pressed={filters.sound}
              aria-label={t('board.sound')}
            >
              {filters.sound ? <IconVolume aria-hidden /> : <IconVolumeOff aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <Button
            variant="filled"
            color="teal.9"
            leftSection={<IconAdjustments aria-hidden />}
            onClick={() => setSetUpOpen(true)}
          >
            {t('board.setUp')}
          </Button>
        </Group>
      </header>
      {board ? (
        <BoardPanels board={board} />
      ) : (
        <Group justify="center" p="xl">
          <Loader color="yellow" aria-label={t('dialog.loading')} />
        </Group>
      )}
      <BoardFiltersDrawer
        opened={setUpOpen}
        onClose={() => setSetUpOpen(false)}
        filters={filters}
        onChange={change}
        rooms={rooms}
        areas={areas}
        extra={setUpExtra}
      />
    </div>
  );
}
