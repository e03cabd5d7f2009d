import type { ReferralOutRecord } from '@clinic/domain';
import { Alert, Button, Group, Menu, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconFileDescription } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import type { TextKey } from '../../i18n/index.ts';
import { usePatientReferrals } from './referral-api.ts';
import { referralEditorPath } from './referral-paths.ts';
import { SendStatusChip, StatusChip } from './ReferralChips.tsx';
import '../../i18n/referrals/index.ts';

/** A visit a new referral may be written from (this branch's, not voided). */
export interface ReferralVisit {
  id: string;
  /** Unix seconds. */
  date: number;
  doctorName: string | null;
}

export interface ReferralsTabProps {
  patientId: string;
  /** Where the patient's record lives: `/{branch}/patients/{id}`. */
  base: string;
  /** The visits a new referral may come from, newest first. */
  visits: readonly ReferralVisit[];
}

function NewReferralMenu({ base, visits }: { base: string; visits: readonly ReferralVisit[] }) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  if (visits.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('referrals.list.noVisit')}
      </Text>
    );
  }
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {t('referrals.list.new')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {visits.map((visit) => (
          <Menu.Item key={visit.id} component={Link} to={referralEditorPath(base, visit.id, 'new')}>
            {t('referrals.list.newFromVisit', {
              date: formatClinicInstant(visit.date, offset, DATE_FORMATS.documentTime),
            })}
            {visit.doctorName ? ` · ${visit.doctorName}` : ''}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ReferralRow({ referral, base }: { referral: ReferralOutRecord; base: string }) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const date = formatClinicInstant(referral.issueDate, offset, DATE_FORMATS.documentTime);
  const type = referral.referralType
    ? t(`referrals.type.${referral.referralType}` as TextKey)
    : t('referrals.list.nonHsg');
  return (
    <Table.Tr data-testid="referral-row">
      <Table.Td>{date}</Table.Td>
      <Table.Td>{type}</Table.Td>
      <Table.Td>
        {referral.referralInstitutionDescription ?? referral.referralInstitution ?? ''}
      </Table.Td>
      <Table.Td>{referral.speciallyServiceDescription ?? ''}</Table.Td>
      <Table.Td>
        <StatusChip status={referral.referralStatus} />
      </Table.Td>
      <Table.Td>{referral.isHsg ? <SendStatusChip status={referral.sendStatus} /> : '-'}</Table.Td>
      <ActionTd>
        <Button
          component={Link}
          to={referralEditorPath(base, referral.visitId, referral.id)}
          size="compact-sm"
          leftSection={<IconFileDescription size={16} aria-hidden />}
          aria-label={t('referrals.list.openOf', { date })}
          data-primary-action
        >
          {t('referrals.list.open')}
        </Button>
      </ActionTd>
    </Table.Tr>
  );
}

/**
 * The patient shell's Referral tab (doc 2 section 2.1): the patient's referrals out, newest
 * first, with their status and send status; New referral (for a user who may write one)
 * opens the editor for one of the patient's visits in this branch.
 */
export function ReferralsTab({ patientId, base, visits }: ReferralsTabProps) {
  const { t } = useTranslation();
  const list = usePatientReferrals(patientId);
  const mayCreate = useCan('referrals:create');
  const items = list.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('referrals.list.title')}
        </Title>
        {mayCreate && <NewReferralMenu base={base} visits={visits} />}
      </Group>
      {list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : list.isPending ? (
        <Skeleton height={120} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('referrals.list.none')}</Text>
      ) : (
        <DataTable minWidth={760} striped aria-label={t('referrals.list.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('referrals.list.date')}</Table.Th>
              <Table.Th>{t('referrals.list.type')}</Table.Th>
              <Table.Th>{t('referrals.list.institution')}</Table.Th>
              <Table.Th>{t('referrals.list.specialty')}</Table.Th>
              <Table.Th>{t('referrals.list.status')}</Table.Th>
              <Table.Th>{t('referrals.list.sendStatus')}</Table.Th>
              <ActionTh>{t('referrals.list.open')}</ActionTh>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((referral) => (
              <ReferralRow key={referral.id} referral={referral} base={base} />
            ))}
          </Table.Tbody>
        </DataTable>
      )}
    </Stack>
  );
}
