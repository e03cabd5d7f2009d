import {
  ActionIcon,
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { branchPath, useBranch } from '../../app/branch.ts';
import { clinicDayStart, clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import '../../i18n/dashboard/index.ts';
import { useCollections } from './dashboard-api.ts';
import { money, notAfterToday, shiftDay } from './dashboard-day.ts';
import { PaymentMethodsList, UnbilledPatientsList, UnpaidInvoicesList } from './DashboardLists.tsx';
import { DayPicker } from './DayPicker.tsx';

/** A summary card: its label, its figure, and where it leads if anywhere. */
function SummaryCard({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function Figure({ children }: { children: ReactNode }) {
  return (
    <Text fz={28} fw={700}>
      {children}
    </Text>
  );
}

/**
 * The dashboard (doc 1 section 2.10): the day's summary of the branch with its own day
 * (arrows, a picker of today or earlier, refresh), then the three lists, each with its own day.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const client = useQueryClient();
  const offset = useClinicOffset();
  const today = clinicToday(offset);
  const [date, setDate] = useState(today);
  const summary = useCollections(clinicDayStart(date, offset) ?? 0);
  const figures = summary.data;
  const shown = (value: number | undefined, format: (v: number) => string = String) =>
    value === undefined ? '–' : format(value);

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={2}>{t('dashboard.title')}</Title>
        <Group gap={6} wrap="nowrap">
          <Tooltip label={t('dashboard.previousDay')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('dashboard.previousDay')}
              onClick={() => setDate(shiftDay(date, -1))}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <DayPicker label={t('dashboard.date')} value={date} today={today} onChange={setDate} />
          <Tooltip label={t('dashboard.nextDay')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('dashboard.nextDay')}
              disabled={date >= today}
              onClick={() => setDate(notAfterToday(shiftDay(date, 1), today))}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('dashboard.refresh')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('dashboard.refresh')}
              onClick={() => void client.invalidateQueries({ queryKey: ['dashboard'] })}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {summary.isError && <Text c="red">{t('dashboard.loadFailed')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <SummaryCard label={t('dashboard.cards.pendingQueue')} testId="card-pending-queue">
          <Figure>{shown(figures?.pendingQueueCount)}</Figure>
          <Anchor component={Link} to={branchPath(branchCode, 'queue')} size="sm">
            {t('dashboard.cards.openQueue')}
          </Anchor>
        </SummaryCard>
        <SummaryCard label={t('dashboard.cards.unbilled')} testId="card-unbilled">
          <Figure>{shown(figures?.prescriptionCount)}</Figure>
        </SummaryCard>
        <SummaryCard label={t('dashboard.cards.billed')} testId="card-billed">
          <Figure>{shown(figures?.totalAmountBilled, money)}</Figure>
        </SummaryCard>
        <SummaryCard label={t('dashboard.cards.payment')} testId="card-payment">
          <Figure>{shown(figures?.totalAmountPaid, money)}</Figure>
          <Text size="sm">
            {t('dashboard.cards.subsidy')}: {shown(figures?.totalSubsidyAmount, money)}
          </Text>
          <Anchor
            component={Link}
            to={branchPath(branchCode, `search/payment?fromDate=${date}&toDate=${date}`)}
            size="sm"
          >
            {t('dashboard.cards.openPayments')}
          </Anchor>
        </SummaryCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <UnbilledPatientsList />
        <UnpaidInvoicesList />
        <PaymentMethodsList />
      </SimpleGrid>
    </Stack>
  );
}
