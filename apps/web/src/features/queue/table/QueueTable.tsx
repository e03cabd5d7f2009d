import type {
  QueueEntry,
  QueueStatusOption,
  RoomServiceOption,
  VisitPurposeOption,
} from '@clinic/domain';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinicOffset } from '../../../app/clinic-time.ts';
import { ActionTd, ActionTh, DataTable } from '../../../components/DataTable.tsx';
import type { QueueColumn } from '../queue-columns.ts';
import { formatQueueTime } from '../queue-format.ts';
import { QueueNumberCell } from './QueueNumberCell.tsx';
import { QueueRowActions } from './QueueRowActions.tsx';
import { RemarkCell } from './RemarkCell.tsx';
import { RoomServiceCell } from './RoomServiceCell.tsx';
import { StatusCell } from './StatusCell.tsx';
import { VisitPurposesCell } from './VisitPurposesCell.tsx';
import { VisitTimeCell } from './VisitTimeCell.tsx';

export interface QueueTableProps {
  branchCode: string;
  /** The rows to show (the day's list after the free-text filter), queueSeq descending. */
  rows: readonly QueueEntry[];
  /** The whole day's list: move up and down swap within it. */
  entries: readonly QueueEntry[];
  columns: readonly QueueColumn[];
  statuses: readonly QueueStatusOption[];
  visitPurposes: readonly VisitPurposeOption[];
  roomServices: readonly RoomServiceOption[];
  onPrintQueueLabel: (entry: QueueEntry) => void;
  onPrintPatientLabel: (entry: QueueEntry) => void;
}

interface CellOptions {
  statuses: readonly QueueStatusOption[];
  visitPurposes: readonly VisitPurposeOption[];
  roomServices: readonly RoomServiceOption[];
  /** The clinic's time zone, minutes east of UTC: times are shown on its clock. */
  offset: number;
}

/** Columns of free text; the others (numbers, codes, times, editors) stay on one line. */
const WRAPPING: ReadonlySet<QueueColumn> = new Set(['name', 'remark', 'company', 'doctor']);
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const NAME = { minWidth: 120 } as const;
/** Wide enough for Call in and the icons on one line; Recall and Time Out may wrap. */
const ACTION = { minWidth: 170 } as const;

/** One cell of a column; editable columns are their inline editor. */
function cellOf(column: QueueColumn, entry: QueueEntry, options: CellOptions): ReactNode {
  switch (column) {
    case 'seq':
      return entry.queueSeq;
    case 'queueNum':
      return <QueueNumberCell entry={entry} />;
    case 'cardNo':
      return entry.cardNo;
    case 'name':
      return entry.patientName;
    case 'nric':
      return entry.nric;
    case 'visitPurposes':
      return <VisitPurposesCell entry={entry} options={options.visitPurposes} />;
    case 'remark':
      return <RemarkCell entry={entry} />;
    case 'company':
      return entry.companyName;
    case 'doctor':
      return entry.doctorNameSort;
    case 'roomService':
      return <RoomServiceCell entry={entry} roomServices={options.roomServices} />;
    case 'status':
      return <StatusCell entry={entry} statuses={options.statuses} />;
    case 'registrationTime':
      return <VisitTimeCell entry={entry} />;
    case 'consultIn':
      return formatQueueTime(entry.consultIn, options.offset);
    case 'consultOut':
      return formatQueueTime(entry.consultOut, options.offset);
    case 'timeOut':
      return formatQueueTime(entry.timeOut, options.offset);
  }
}

/** The day's queue: the chosen columns plus Action, every row, no paging. */
export function QueueTable({
  branchCode,
  rows,
  entries,
  columns,
  statuses,
  visitPurposes,
  roomServices,
  onPrintQueueLabel,
  onPrintPatientLabel,
}: QueueTableProps) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const options = { statuses, visitPurposes, roomServices, offset };
  return (
    <DataTable
      minWidth={columns.length * 100 + 200}
      striped
      highlightOnHover
      verticalSpacing={6}
      horizontalSpacing={6}
      aria-label={t('queue.tableLabel')}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column}>{t(`queue.column.${column}`)}</Table.Th>
          ))}
          <ActionTh>{t('queue.column.action')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((entry) => (
          // A new version (after any change) starts the row's editors from the new values.
          <Table.Tr key={`${entry.id}:${entry.version}`}>
            {columns.map((column) => (
              <Table.Td
                key={column}
                style={column === 'name' ? NAME : WRAPPING.has(column) ? undefined : NO_WRAP}
              >
                {cellOf(column, entry, options)}
              </Table.Td>
            ))}
            <ActionTd style={ACTION}>
              <QueueRowActions
                branchCode={branchCode}
                entry={entry}
                entries={entries}
                onPrintQueueLabel={onPrintQueueLabel}
                onPrintPatientLabel={onPrintPatientLabel}
              />
            </ActionTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
