import type { CreditNote } from '@clinic/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { branchPath, useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { snackbar } from '../../components/dialogs.tsx';
import { printCreditNote } from '../billing/billing-prints.ts';
import { money } from '../billing/parts.tsx';
import { useCreditNote, useCreditsChanged, voidCreditNote } from './credits-api.ts';
import { askVoidReason } from './void-reason.ts';
import '../../i18n/credit-notes/index.ts';

/**
 * One credit note (doc 3 section 2.3 search/credit-note/{id}): its figures, what it
 * credits with a link, the goods returned, its void reason; Print, and Void for
 * `invoices:approve` at the note's own branch.
 */

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children || '-'}</Text>
    </div>
  );
}

/** The invoice it credits or the deposit it gives back, as a link. */
function CreditedRecord({ note }: { note: CreditNote }) {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  if (note.invoiceId) {
    return (
      <Field label={t('credits.page.invoice')}>
        <Anchor
          component={Link}
          to={branchPath(branchCode, `invoice/${note.invoiceId}`)}
          aria-label={t('credits.page.openInvoice', { number: note.invoiceNo ?? '' })}
        >
          {note.invoiceNo}
        </Anchor>
      </Field>
    );
  }
  return (
    <Field label={t('credits.page.deposit')}>
      <Anchor
        component={Link}
        to={branchPath(branchCode, `patients/${note.patientId}/invoices/deposits`)}
        aria-label={t('credits.page.openDeposits', { number: note.depositNo ?? '' })}
      >
        {note.depositNo}
      </Anchor>
    </Field>
  );
}

function CreditNoteDetails({ note }: { note: CreditNote }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('credits.page.details')}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
        <Field label={t('credits.notes.number')}>{note.creditNoteNo}</Field>
        <Field label={t('credits.notes.date')}>
          {formatCalendarDate(note.creditNoteDate, DATE_FORMATS.picker)}
        </Field>
        <Field label={t('credits.notes.type')}>{t(`credits.notes.types.${note.type}`)}</Field>
        <Field label={t('credits.notes.amount')}>{money(note.amountCents)}</Field>
        <CreditedRecord note={note} />
        <Field label={t('credits.page.refundMethod')}>
          {note.refundMethodName ?? t('credits.page.notGivenBack')}
        </Field>
        <Field label={t('credits.notes.reason')}>{note.reason}</Field>
        {note.voidReason && <Field label={t('credits.page.voidReason')}>{note.voidReason}</Field>}
      </SimpleGrid>
    </Paper>
  );
}

function ReturnedLines({ note }: { note: CreditNote }) {
  const { t } = useTranslation();
  if (note.lines.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('credits.page.goodsReturned')}
      </Title>
      <DataTable aria-label={t('credits.page.goodsReturned')} minWidth={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('credits.page.item')}</Table.Th>
            <Table.Th ta="right">{t('credits.page.quantity')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {note.lines.map((line) => (
            <Table.Tr key={line.lineId}>
              <Table.Td>{`${line.code} ${line.name}`}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
    </Stack>
  );
}

function CreditNoteActions({ note }: { note: CreditNote }) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const offset = useClinicOffset();
  const mayVoid = useCan('invoices:approve');
  const changed = useCreditsChanged();
  const ours = note.branchId === branchId;
  async function voidIt() {
    const reason = await askVoidReason(
      t('credits.notes.voidTitle', { number: note.creditNoteNo }),
      t('credits.notes.voidReason'),
      t('credits.notes.void'),
    );
    if (reason === null) return;
    try {
      await voidCreditNote(note, reason);
      snackbar.success(t('credits.notes.voided', { number: note.creditNoteNo }));
    } catch (failure) {
      alertFailure(failure);
    } finally {
      await changed();
    }
  }
  return (
    <Group gap="xs">
      {ours && (
        <Button
          variant="default"
          onClick={() =>
            void printCreditNote(
              note,
              t('credits.notes.printTitle', { number: note.creditNoteNo }),
              offset,
            ).catch(alertFailure)
          }
        >
          {t('credits.notes.print')}
        </Button>
      )}
      {ours && mayVoid && note.status === 'ISSUED' && (
        <Button color="red.9" variant="outline" onClick={() => void voidIt()}>
          {t('credits.notes.void')}
        </Button>
      )}
    </Group>
  );
}

export function CreditNotePage() {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const { creditNoteId = '' } = useParams();
  const query = useCreditNote(creditNoteId);
  if (query.isError) return <Alert color="red">{t('credits.page.notFound')}</Alert>;
  if (!query.data) return <Skeleton height={240} m="md" />;
  const note = query.data;
  return (
    <Stack gap="md" p="md">
      <Anchor component={Link} to={branchPath(branchCode, 'search/credit-note')}>
        {t('credits.page.back')}
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            {t('credits.page.title', { number: note.creditNoteNo })}
          </Title>
          <Badge color={note.status === 'VOIDED' ? 'red.9' : 'teal.9'}>{note.status}</Badge>
        </Group>
        <CreditNoteActions note={note} />
      </Group>
      <Field label={t('credits.page.patient')}>
        <Anchor
          component={Link}
          to={branchPath(branchCode, `patients/${note.patientId}/invoices/creditNote`)}
        >
          {note.patientName}
        </Anchor>
      </Field>
      <CreditNoteDetails note={note} />
      <ReturnedLines note={note} />
    </Stack>
  );
}
