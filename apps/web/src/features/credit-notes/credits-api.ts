import {
  creditsApi,
  type CreditNote,
  type CreditNoteCreateBody,
  type CreditTransactionItem,
  type Deposit,
  type DepositApplied,
  type Invoice,
} from '@clinic/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';

export const creditKeys = {
  deposits: (branchId: string | undefined, patientId: string) =>
    ['credits', 'deposits', branchId, patientId] as const,
  patientNotes: (branchId: string | undefined, patientId: string) =>
    ['credits', 'patientNotes', branchId, patientId] as const,
  invoiceNotes: (branchId: string | undefined, invoiceId: string) =>
    ['credits', 'invoiceNotes', branchId, invoiceId] as const,
  invoiceDeposits: (branchId: string | undefined, invoiceId: string) =>
    ['credits', 'invoiceDeposits', branchId, invoiceId] as const,
  note: (branchId: string | undefined, id: string) => ['credits', 'note', branchId, id] as const,
};

/** One credit note (GET /credit-notes/{id}). */
export function useCreditNote(id: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: creditKeys.note(branchId, id),
    queryFn: (context): Promise<CreditNote> =>
      api().call(creditsApi.creditNote, { params: { id } }, queryCallOptions(context)),
    enabled: Boolean(branchId),
  });
}

/** The patient's deposits, newest first, with what is left of each. */
export function usePatientDeposits(patientId: string, enabled = true) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: creditKeys.deposits(branchId, patientId),
    queryFn: async (context): Promise<Deposit[]> =>
      (await api().call(creditsApi.deposits, { query: { patientId } }, queryCallOptions(context)))
        .items,
    enabled: Boolean(branchId) && enabled,
  });
}

/** The patient's credit notes, newest first. */
export function usePatientCreditNotes(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: creditKeys.patientNotes(branchId, patientId),
    queryFn: async (context): Promise<CreditNote[]> =>
      (
        await api().call(
          creditsApi.creditNotes,
          { query: { patientId } },
          queryCallOptions(context),
        )
      ).items,
    enabled: Boolean(branchId),
  });
}

/** The invoice's credit notes (every status). */
export function useInvoiceCreditNotes(invoiceId: string, enabled = true) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: creditKeys.invoiceNotes(branchId, invoiceId),
    queryFn: async (context): Promise<CreditNote[]> =>
      (
        await api().call(
          creditsApi.creditNotes,
          { query: { invoiceId } },
          queryCallOptions(context),
        )
      ).items,
    enabled: Boolean(branchId) && enabled,
  });
}

/** The deposits applied to the invoice (its print's credit-note items of type 1). */
export function useInvoiceDeposits(invoiceId: string, enabled = true) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: creditKeys.invoiceDeposits(branchId, invoiceId),
    queryFn: async (context): Promise<CreditTransactionItem[]> =>
      (
        await api().call(
          creditsApi.creditTransactions,
          { query: { type: 1, referenceId: invoiceId } },
          queryCallOptions(context),
        )
      ).items,
    enabled: Boolean(branchId) && enabled,
  });
}

/** After a change: every deposit and credit-note list is read again. */
export function useCreditsChanged(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['credits'] });
}

export function takeDeposit(body: {
  patientId: string;
  amountCents: number;
  method: string;
  remarks: string | null;
}): Promise<Deposit> {
  return api().call(creditsApi.depositCreate, { body });
}

export function voidDeposit(deposit: Deposit, reason: string): Promise<Deposit> {
  return api().call(creditsApi.depositVoid, {
    params: { id: deposit.id },
    body: { version: deposit.version, reason },
  });
}

export function applyDeposit(
  invoice: Invoice,
  depositId: string,
  amountCents: number,
): Promise<DepositApplied> {
  return api().call(creditsApi.depositApply, {
    params: { id: invoice.id },
    body: { version: invoice.version, depositId, amountCents },
  });
}

export function issueCreditNote(
  body: Omit<CreditNoteCreateBody, 'returnedLines' | 'invoiceId' | 'depositId'> & {
    invoiceId?: string;
    depositId?: string;
    /** Goods returned (a goods-return note only). */
    returnedLines?: CreditNoteCreateBody['returnedLines'];
  },
): Promise<CreditNote> {
  return api().call(creditsApi.creditNoteCreate, { body });
}

export function voidCreditNote(note: CreditNote, reason: string): Promise<CreditNote> {
  return api().call(creditsApi.creditNoteVoid, {
    params: { id: note.id },
    body: { version: note.version, reason },
  });
}
