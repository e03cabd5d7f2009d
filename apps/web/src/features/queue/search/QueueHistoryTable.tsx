import { visitPurposeSummary, type QueueEntry } from '@clinic/domain';
import { ActionIcon, ColorSwatch, Group, Menu, Table } from '@mantine/core';
import { IconDotsVertical, IconReportMedical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClinicOffset } from '../../../app/clinic-time.ts';
import { branchPath, useBranch } from '../../../app/branch.ts';
import { ActionTd, ActionTh, DataTable } from '../../../components/DataTable.tsx';
import { PatientLinkItems } from '../../patients/PatientLinkItems.tsx';
import { formatQueueDate, formatQueueTime } from '../queue-format.ts';

/** Where a past visit leads: the patient's records, invoices, payments and details. */
function HistoryMenu({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const offset = useClinicOffset();
  return (
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="dark"
          data-primary-action
          aria-label={t('queue.search.actions', {
            queueNum: entry.queueNum,
            date: formatQueueDate(entry.visitDate, offset),
          })}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={branchPath(branchCode, `patients/${entry.patientId}`)}
          leftSection={<IconReportMedical size={16} aria-hidden />}
        >
          {t('queue.search.medicalRecord')}
        </Menu.Item>
        <PatientLinkItems branchCode={branchCode} patientId={entry.patientId} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The search-by-patient results, newest first. */
export function QueueHistoryTable({ entries }: { entries: readonly QueueEntry[] }) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  return (
    <DataTable minWidth={900} striped aria-label={t('queue.search.results')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('queue.search.visitDate')}</Table.Th>
          <Table.Th>{t('queue.column.registrationTime')}</Table.Th>
          <Table.Th>{t('queue.column.queueNum')}</Table.Th>
          <Table.Th>{t('queue.column.name')}</Table.Th>
          <Table.Th>{t('queue.column.doctor')}</Table.Th>
          <Table.Th>{t('queue.column.visitPurposes')}</Table.Th>
          <Table.Th>{t('queue.column.status')}</Table.Th>
          <Table.Th>{t('queue.column.remark')}</Table.Th>
          <ActionTh>{t('queue.column.action')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{formatQueueDate(entry.visitDate, offset)}</Table.Td>
            <Table.Td>{formatQueueTime(entry.visitDate, offset)}</Table.Td>
            <Table.Td>{entry.queueNum}</Table.Td>
            <Table.Td>{entry.patientName}</Table.Td>
            <Table.Td>{entry.doctorNameSort}</Table.Td>
            <Table.Td>{visitPurposeSummary(entry.visitPurposes)}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={entry.color} size={12} />
                <span>{entry.status}</span>
              </Group>
            </Table.Td>
            <Table.Td>{entry.remark}</Table.Td>
            <ActionTd>
              <HistoryMenu entry={entry} />
            </ActionTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
