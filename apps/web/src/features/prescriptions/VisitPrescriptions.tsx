import {
  STRENGTH_MODE,
  formatCents,
  type PrescriptionLineRecord,
  type VisitPrescription,
} from '@clinic/domain';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';

/** Sums of money stay on one line. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;
import { IconRepeat } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure, removeAfterConfirm } from '../../components/confirmed-removal.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { AddLineForm } from './AddLineForm.tsx';
import { EditLineDialog } from './EditLineDialog.tsx';
import { useOverride } from './OverrideDialog.tsx';
import { sendWithOverride } from './override.ts';
import {
  catalogItem,
  prescriptionKeys,
  removeLine,
  repeatLast,
  showLines,
  useVisitPrescription,
} from './prescription-api.ts';
import type { LineItem } from './prescription-form.ts';
import '../../i18n/prescriptions/index.ts';

export interface VisitPrescriptionsProps {
  visitId: string;
  /** A voided or another branch's visit: the lines only. */
  readOnly: boolean;
}

type Translate = TFunction;

const money = (t: Translate, cents: number) => t('rx.money', { amount: formatCents(cents) });

function doseText(t: Translate, line: PrescriptionLineRecord): string {
  const quantity = { quantity: line.consumeQuantity, consumeUnit: line.consumeUm };
  return line.prescriptMode === STRENGTH_MODE && line.doseNum !== null
    ? t('rx.doseText.strength', { dose: line.doseNum, unit: line.strengthUm ?? '', ...quantity })
    : t('rx.doseText.customise', quantity);
}

function durationText(t: Translate, line: PrescriptionLineRecord): string {
  if (line.cycle === 'day') return t('rx.durationDays', { count: line.duration });
  return t('rx.durationText', {
    count: line.duration,
    unit: t(`rx.cycle.${line.cycle}`),
    days: line.durationDays,
  });
}

/**
 * The visit's prescription (doc 2 section 2.10; issue 12 'Prescribing'): its lines with
 * dose, frequency, duration, quantity and price, the visit's totals, and for a doctor the
 * keyboard-first add form, Repeat last visit, edit and remove per line. A line prescribed
 * through a warning shows its reason.
 */
export function VisitPrescriptions({ visitId, readOnly }: VisitPrescriptionsProps) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const client = useQueryClient();
  const mayAdd = useCan('prescriptions:create') && !readOnly;
  const mayEdit = useCan('prescriptions:update') && !readOnly;
  const mayRemove = useCan('prescriptions:delete') && !readOnly;
  const prescription = useVisitPrescription(visitId);
  const override = useOverride();
  const [round, setRound] = useState(0);
  const [editing, setEditing] = useState<{ line: PrescriptionLineRecord; item: LineItem } | null>(
    null,
  );
  const refresh = () =>
    client.invalidateQueries({ queryKey: prescriptionKeys.visit(branchId, visitId) });

  const repeat = async () => {
    try {
      const lines = await sendWithOverride(
        (reason) => dialogs.whileLoading(() => repeatLast(visitId, reason)),
        override.ask,
      );
      if (lines === null) return;
      showLines(client, branchId, visitId, lines);
      snackbar.success(t('rx.repeated'));
    } catch (failure) {
      alertFailure(failure);
    }
  };

  const edit = async (line: PrescriptionLineRecord) => {
    try {
      const item = await dialogs.whileLoading(() => catalogItem(line.catalogItemId));
      setEditing({ line, item });
    } catch (failure) {
      alertFailure(failure);
    }
  };

  const remove = (line: PrescriptionLineRecord) =>
    removeAfterConfirm({
      title: t('rx.removeTitle'),
      message: t('rx.removeConfirm', { name: line.name }),
      remove: () => removeLine(line.id, line.version),
      removed: t('rx.removed'),
      refresh,
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="rx-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4} id="rx-title">
            {t('rx.title')}
          </Title>
          {mayAdd && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRepeat size={16} aria-hidden />}
              onClick={() => void repeat()}
            >
              {t('rx.repeat')}
            </Button>
          )}
        </Group>
        {prescription.isSuccess && prescription.data.items.length === 0 && (
          <Text c="dimmed">{t('rx.none')}</Text>
        )}
        {prescription.data && prescription.data.items.length > 0 && (
          <LinesTable
            prescription={prescription.data}
            onEdit={mayEdit ? (line) => void edit(line) : undefined}
            onRemove={mayRemove ? (line) => void remove(line) : undefined}
          />
        )}
        {mayAdd && (
          <AddLineForm
            key={round}
            visitId={visitId}
            ask={override.ask}
            focusPicker={round > 0}
            onAdded={() => setRound((count) => count + 1)}
          />
        )}
      </Stack>
      {editing && (
        <EditLineDialog
          line={editing.line}
          item={editing.item}
          ask={override.ask}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      )}
      {override.dialog}
    </Paper>
  );
}

function LinesTable({
  prescription,
  onEdit,
  onRemove,
}: {
  prescription: VisitPrescription;
  onEdit?: (line: PrescriptionLineRecord) => void;
  onRemove?: (line: PrescriptionLineRecord) => void;
}) {
  const { t } = useTranslation();
  const actions = Boolean(onEdit ?? onRemove);
  return (
    <DataTable aria-label={t('rx.table')} minWidth={680} data-testid="rx-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('rx.column.drug')}</Table.Th>
          <Table.Th>{t('rx.column.dose')}</Table.Th>
          <Table.Th>{t('rx.column.frequency')}</Table.Th>
          <Table.Th>{t('rx.column.duration')}</Table.Th>
          <Table.Th ta="right">{t('rx.column.quantity')}</Table.Th>
          <Table.Th ta="right">{t('rx.column.unitPrice')}</Table.Th>
          <Table.Th ta="right">{t('rx.column.total')}</Table.Th>
          {actions && <ActionTh>{t('rx.column.actions')}</ActionTh>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {prescription.items.map((line) => (
          <LineRow key={line.id} line={line} onEdit={onEdit} onRemove={onRemove} />
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <TotalRow name="subtotal" cents={prescription.subtotal} actions={actions} />
        <TotalRow name="tax" cents={prescription.taxAmount} actions={actions} />
        <TotalRow name="total" cents={prescription.totalWithTax} actions={actions} strong />
      </Table.Tfoot>
    </DataTable>
  );
}

function LineRow({
  line,
  onEdit,
  onRemove,
}: {
  line: PrescriptionLineRecord;
  onEdit?: (line: PrescriptionLineRecord) => void;
  onRemove?: (line: PrescriptionLineRecord) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="rx-line">
      <Table.Td>
        <Text size="sm" fw={500}>
          {line.name}
        </Text>
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            {line.code}
          </Text>
          {line.comboItemId && (
            <Badge size="xs" variant="outline">
              {t('rx.combo')}
            </Badge>
          )}
        </Group>
        {line.overrideReason && (
          <Stack gap={2} mt={4} maw={280}>
            <Badge color="red" size="sm" w="fit-content">
              {t('rx.overridden')}
            </Badge>
            <Text size="xs" data-testid="rx-override">
              {t('rx.overrideReason', { reason: line.overrideReason })}
            </Text>
          </Stack>
        )}
      </Table.Td>
      <Table.Td>{doseText(t, line)}</Table.Td>
      <Table.Td>{line.frequency}</Table.Td>
      <Table.Td>{durationText(t, line)}</Table.Td>
      <Table.Td ta="right" style={NOWRAP} data-testid="rx-quantity">
        {line.dispenseQuantity} {line.dispenseUm}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        {money(t, line.unitPrice)}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP} data-testid="rx-total">
        {money(t, line.totalPrice)}
      </Table.Td>
      {(onEdit ?? onRemove) && (
        <ActionTd>
          <Group gap={4} wrap="nowrap">
            {onEdit && (
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={t('rx.editOne', { name: line.name })}
                onClick={() => onEdit(line)}
              >
                {t('rx.edit')}
              </Button>
            )}
            {onRemove && (
              <RemoveRowButton
                label={t('rx.removeOne', { name: line.name })}
                onClick={() => onRemove(line)}
              />
            )}
          </Group>
        </ActionTd>
      )}
    </Table.Tr>
  );
}

function TotalRow({
  name,
  cents,
  actions,
  strong,
}: {
  name: 'subtotal' | 'tax' | 'total';
  cents: number;
  actions: boolean;
  strong?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Th colSpan={6} ta="right" scope="row">
        {t(`rx.totals.${name}`)}
      </Table.Th>
      <Table.Td
        ta="right"
        fw={strong ? 700 : undefined}
        style={NOWRAP}
        data-testid={`rx-visit-${name}`}
      >
        {money(t, cents)}
      </Table.Td>
      {actions && <Table.Td />}
    </Table.Tr>
  );
}
