import type { QueueDisplayAnswer, QueueDisplayEntry } from '@clinic/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How many rows fit without scrolling, per panel, at 768 px high and more. */
const FIT = { current: 5, next: 12, rooms: 7 };

/** Room-service rows people look for first: being seen, then waiting, then done. */
const SUFFIX_ORDER = ['in progress', 'pending', 'Completed'];
const suffixRank = (suffix: string | null) => {
  const rank = SUFFIX_ORDER.indexOf(suffix ?? '');
  return rank === -1 ? SUFFIX_ORDER.length : rank;
};

interface PanelProps {
  /** Its place in the board's grid: current, next or rooms. */
  area: 'current' | 'next' | 'rooms';
  title: string;
  children: ReactNode;
  more: number;
}

function Panel({ area, title, children, more }: PanelProps) {
  const { t } = useTranslation();
  return (
    <section className={`board-panel board-panel-${area}`} aria-label={title}>
      <h2>{title}</h2>
      {children}
      {more > 0 && <div className="board-more">{t('board.more', { count: more })}</div>}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <div className="board-empty">{text}</div>;
}

/** WAITING AREA: the numbers called now and the room they go to, the latest first. */
function CurrentCalls({ entries }: { entries: QueueDisplayEntry[] }) {
  const { t } = useTranslation();
  const shown = entries.slice(0, FIT.current);
  return (
    <Panel area="current" title={t('board.waitingArea')} more={entries.length - shown.length}>
      {shown.length === 0 && <Empty text={t('board.noCalls')} />}
      {shown.map((entry, index) => (
        <div
          key={entry.id}
          className={`board-row${index === 0 ? ' latest' : ''}`}
          data-testid="board-current"
        >
          <span className="board-number">{entry.queueNum}</span>
          <span className="board-to">
            {t('board.to', { place: entry.roomName ?? entry.roomService ?? t('board.counter') })}
          </span>
        </div>
      ))}
    </Panel>
  );
}

function NextUp({ entries }: { entries: QueueDisplayEntry[] }) {
  const { t } = useTranslation();
  const shown = entries.slice(0, FIT.next);
  return (
    <Panel area="next" title={t('board.next')} more={entries.length - shown.length}>
      {shown.length === 0 && <Empty text={t('board.noneWaiting')} />}
      <div className="board-next">
        {shown.map((entry) => (
          <span key={entry.id} className="board-number" data-testid="board-next">
            {entry.queueNum}
          </span>
        ))}
      </div>
    </Panel>
  );
}

/** ROOM/SERVICES: where each number is, and how far along (pending, in progress, Completed). */
function RoomServices({ entries }: { entries: QueueDisplayAnswer['roomServices'] }) {
  const { t } = useTranslation();
  const shown = [...entries]
    .sort((a, b) => suffixRank(a.suffix) - suffixRank(b.suffix))
    .slice(0, FIT.rooms);
  return (
    <Panel area="rooms" title={t('board.roomServices')} more={entries.length - shown.length}>
      {shown.length === 0 && <Empty text={t('board.noRoomServices')} />}
      {shown.map((entry) => (
        <div key={entry.id} className="board-row board-room" data-testid="board-room">
          <span className="board-number">{entry.queueNum}</span>
          <span className="board-to">
            <span className="board-place">{t('board.to', { place: entry.roomService })}</span>
            {entry.suffix && <span className="board-suffix">{entry.suffix}</span>}
          </span>
        </div>
      ))}
    </Panel>
  );
}

export function BoardPanels({ board }: { board: QueueDisplayAnswer }) {
  return (
    <main className="board-grid">
      <CurrentCalls entries={board.current} />
      <NextUp entries={board.next} />
      <RoomServices entries={board.roomServices} />
    </main>
  );
}
