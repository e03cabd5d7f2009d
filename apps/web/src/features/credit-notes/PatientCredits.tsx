import type { CreditNote, Deposit } from '@clinic/domain';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { printCreditNote } from '../billing/billing-prints.ts';
import { money } from '../billing/parts.tsx';
import { usePaymentMethods } from '../billing/billing-api.ts';
import {
  useCreditsChanged,
  usePatientCreditNotes,
  usePatientDeposits,
  voidCreditNote,
  voidDeposit,
} from './credits-api.ts';
import { askVoidReason } from './void-reason.ts';
import '../../i18n/credit-notes/index.ts';

const TakeDepositDialog = lazy(async () => ({
  default: (await import('./CreditDialogs.tsx')).TakeDepositDialog,
}));

function NoneYet({ text }: { text: string }) {
  return (
    <Paper withBorder p="xl">
      <Center>
        <Text data-testid="none-yet">{text}</Text>
      </Center>
    </Paper>
  );
}

function Status({ status }: { status: string }) {
  return <Badge color={status === 'VOIDED' ? 'gray' : 'teal'}>{status}</Badge>;
}

/** The patient's deposits (GET /deposits?patientId): take one, void an unused one. */
export function PatientDeposits({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const query = usePatientDeposits(patientId);
  const methods = usePaymentMethods();
  const changed = useCreditsChanged();
  const mayTake = useCan('payments:create');
  const mayVoid = useCan('payments:update');
  const [taking, setTaking] = useState(false);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Skeleton height={120} />;

  async function voidIt(deposit: Deposit) {
    const reason = await askVoidReason(
      t('credits.deposits.voidTitle', { number: deposit.depositNo }),
      t('credits.deposits.voidReason'),
      t('credits.deposits.void'),
    );
    if (reason === null) return;
    try {
      await voidDeposit(deposit, reason);
      snackbar.success(t('credits.deposits.voided', { number: deposit.depositNo }));
    } catch (failure) {
      alertFailure(failure);
    } finally {
      await changed();
    }
  }

  const unused = (d: Deposit) =>
    d.status === 'SETTLED' && d.remainderCents === d.amountCents && d.branchId === branchId;
  return (
    <Stack gap="sm">
      {mayTake && methods.data && (
        <Group justify="flex-end">
          <Button onClick={() => setTaking(true)}>{t('credits.deposits.take')}</Button>
        </Group>
      )}
      {query.data.length === 0 ? (
        <NoneYet text={t('credits.deposits.none')} />
      ) : (
        <DataTable aria-label={t('credits.deposits.label')} minWidth={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('credits.deposits.number')}</Table.Th>
              <Table.Th>{t('credits.deposits.date')}</Table.Th>
              <Table.Th>{t('credits.deposits.method')}</Table.Th>
              <Table.Th>{t('credits.deposits.status')}</Table.Th>
              <Table.Th ta="right">{t('credits.deposits.amount')}</Table.Th>
              <Table.Th ta="right">{t('credits.deposits.left')}</Table.Th>
              <ActionTh>{t('credits.deposits.void')}</ActionTh>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((deposit) => (
              <Table.Tr key={deposit.id} data-testid="deposit-row">
                <Table.Td>{deposit.depositNo}</Table.Td>
                <Table.Td>{formatCalendarDate(deposit.depositDate, DATE_FORMATS.picker)}</Table.Td>
                <Table.Td>{deposit.methodName}</Table.Td>
                <Table.Td>
                  <Status status={deposit.status} />
                </Table.Td>
                <Table.Td ta="right">{money(deposit.amountCents)}</Table.Td>
                <Table.Td ta="right">{money(deposit.remainderCents)}</Table.Td>
                <ActionTd>
                  {mayVoid && unused(deposit) && (
                    <Button
                      size="compact-sm"
                      color="red.9"
                      variant="subtle"
                      aria-label={t('credits.deposits.voidOf', { number: deposit.depositNo })}
                      onClick={() => void voidIt(deposit)}
                    >
                      {t('credits.deposits.void')}
                    </Button>
                  )}
                </ActionTd>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {taking && methods.data && (
        <Suspense fallback={null}>
          <TakeDepositDialog
            patientId={patientId}
            methods={methods.data}
            onClose={() => setTaking(false)}
            onTaken={(deposit) => {
              setTaking(false);
              snackbar.success(t('credits.deposits.taken', { number: deposit.depositNo }));
              void changed();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * The credit notes of a patient or an invoice: each of this branch prints (its letterhead
 * and numbers are the branch's) and is voided with a reason by Finance.
 */
export function CreditNotesTable({ notes, label }: { notes: CreditNote[]; label: string }) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const offset = useClinicOffset();
  const mayVoid = useCan('invoices:approve');
  const changed = useCreditsChanged();
  function printIt(note: CreditNote) {
    const title = t('credits.notes.printTitle', { number: note.creditNoteNo });
    printCreditNote(note, title, offset).catch(alertFailure);
  }
  async function voidIt(note: CreditNote) {
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
    <DataTable aria-label={label} minWidth={720}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('credits.notes.number')}</Table.Th>
          <Table.Th>{t('credits.notes.date')}</Table.Th>
          <Table.Th>{t('credits.notes.type')}</Table.Th>
          <Table.Th>{t('credits.notes.of')}</Table.Th>
          <Table.Th>{t('credits.notes.reason')}</Table.Th>
          <Table.Th>{t('credits.notes.status')}</Table.Th>
          <Table.Th ta="right">{t('credits.notes.amount')}</Table.Th>
          <ActionTh>{t('credits.notes.actions')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {notes.map((note) => (
          <Table.Tr key={note.id} data-testid="credit-note-row">
            <Table.Td>{note.creditNoteNo}</Table.Td>
            <Table.Td>{formatCalendarDate(note.creditNoteDate, DATE_FORMATS.picker)}</Table.Td>
            <Table.Td>{t(`credits.notes.types.${note.type}`)}</Table.Td>
            <Table.Td>{note.invoiceNo ?? note.depositNo ?? ''}</Table.Td>
            <Table.Td>{note.reason}</Table.Td>
            <Table.Td>
              <Status status={note.status} />
            </Table.Td>
            <Table.Td ta="right">{money(note.amountCents)}</Table.Td>
            <ActionTd>
              <Group gap="xs" wrap="nowrap">
                {note.branchId === branchId && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t('credits.notes.printOf', { number: note.creditNoteNo })}
                    onClick={() => printIt(note)}
                  >
                    {t('credits.notes.print')}
                  </Button>
                )}
                {mayVoid && note.status === 'ISSUED' && note.branchId === branchId && (
                  <Button
                    size="compact-sm"
                    color="red.9"
                    variant="subtle"
                    aria-label={t('credits.notes.voidOf', { number: note.creditNoteNo })}
                    onClick={() => void voidIt(note)}
                  >
                    {t('credits.notes.void')}
                  </Button>
                )}
              </Group>
            </ActionTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

/** The patient's credit notes (GET /credit-notes?patientId). */
export function PatientCreditNotes({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const query = usePatientCreditNotes(patientId);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Skeleton height={120} />;
  if (query.data.length === 0) return <NoneYet text={t('credits.notes.none')} />;
  return <CreditNotesTable notes={query.data} label={t('credits.notes.label')} />;
}
