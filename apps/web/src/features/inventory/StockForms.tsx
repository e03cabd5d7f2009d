import type { InventoryItem, StockBatchRecord, Supplier } from '@clinic/domain';
import {
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Input,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { DateField } from '../../components/DateField.tsx';
import type { Checked, FieldErrors } from '../../components/form/field-errors.ts';
import {
  adjustStock,
  receiveStock,
  refreshInventory,
  saveReorderLevel,
  saveSupplier,
  useBatches,
  useSupplierOptions,
} from './inventory-api.ts';
import {
  checkAdjustment,
  checkReceipt,
  checkReorderLevel,
  checkSupplier,
  EMPTY_SUPPLIER,
  emptyAdjustment,
  emptyReceipt,
  supplierFormOf,
  type AdjustmentForm,
  type SupplierForm,
} from './inventory-form.ts';
import { StockItemSelect, useFormats } from './parts.tsx';
import '../../i18n/inventory/index.ts';

/** The server's field names that the forms show under another field. */
const FORM_FIELD: Record<string, string> = { unitCostCents: 'unitCost' };

/**
 * A stock form's state: no message before the first submit, then every change checks
 * again; the server's refusals land on their fields; a save refreshes every inventory read.
 */
export function useStockForm<F extends object, B, R>(input: {
  initial: F;
  check: (values: F) => Checked<B>;
  send: (body: B) => Promise<R>;
  saved: (result: R) => string;
  done: (result: R) => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<F>(input.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  function change(patch: Partial<F>) {
    const next = { ...values, ...patch };
    setValues(next);
    if (tried) {
      const checked = input.check(next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  }

  async function save() {
    setTried(true);
    const checked = input.check(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setSaving(true);
    try {
      const result = await input.send(checked.body);
      await refreshInventory(queryClient);
      snackbar.success(input.saved(result));
      input.done(result);
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors.length > 0) {
        setErrors(
          Object.fromEntries(
            failure.errors.map((e) => [FORM_FIELD[e.field] ?? e.field, e.message]),
          ),
        );
        return;
      }
      alertFailure(failure);
    } finally {
      setSaving(false);
    }
  }
  const dirty = JSON.stringify(values) !== JSON.stringify(input.initial);
  return { values, errors, saving, change, save, dirty };
}

function Footer({ close, saving, save }: { close?: () => void; saving: boolean; save: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      {close && (
        <Button variant="default" onClick={close}>
          {t('inventory.form.cancel')}
        </Button>
      )}
      <Button type="submit" loading={saving} data-dialog-save>
        {save}
      </Button>
    </Group>
  );
}

/** A form on a page (not in a dialog): Enter and the button submit it. */
function PageForm({ onSubmit, children }: { onSubmit: () => void; children: React.ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

// --- Receiving ----------------------------------------------------------------------------

function useReceiveForm(itemId: string | null, done: () => void) {
  const { t } = useTranslation();
  return useStockForm({
    initial: emptyReceipt(itemId),
    check: checkReceipt,
    send: receiveStock,
    saved: ({ batch }) =>
      t('inventory.receive.saved', { batchNo: batch.batchNo, onHand: batch.onHand }),
    done,
  });
}

type ReceiveState = ReturnType<typeof useReceiveForm>;

function ReceiveFields({ form, chooseItem }: { form: ReceiveState; chooseItem: boolean }) {
  const { t } = useTranslation();
  const suppliers = useSupplierOptions();
  const { values, errors, change } = form;
  return (
    <Stack>
      {chooseItem && (
        <StockItemSelect
          label={t('inventory.receive.item')}
          placeholder={t('inventory.receive.itemHint')}
          value={values.itemId}
          onChange={(itemId) => change({ itemId })}
          error={errors.itemId}
          withAsterisk
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('inventory.receive.batchNo')}
          withAsterisk
          value={values.batchNo}
          onChange={(event) => change({ batchNo: event.currentTarget.value })}
          error={errors.batchNo}
        />
        <Stack gap={4}>
          <DateField
            label={t('inventory.receive.expiryDate')}
            withAsterisk={!values.noExpiry}
            disabled={values.noExpiry}
            value={values.noExpiry ? null : values.expiryDate}
            onChange={(expiryDate) => change({ expiryDate })}
            error={errors.expiryDate}
          />
          <Checkbox
            label={t('inventory.receive.noExpiry')}
            checked={values.noExpiry}
            onChange={(event) => change({ noExpiry: event.currentTarget.checked })}
          />
        </Stack>
        <TextInput
          label={t('inventory.receive.quantity')}
          withAsterisk
          inputMode="numeric"
          value={values.quantity}
          onChange={(event) => change({ quantity: event.currentTarget.value })}
          error={errors.quantity}
        />
        <TextInput
          label={t('inventory.receive.unitCost')}
          inputMode="decimal"
          placeholder="0.00"
          value={values.unitCost}
          onChange={(event) => change({ unitCost: event.currentTarget.value })}
          error={errors.unitCost}
        />
      </SimpleGrid>
      <Select
        label={t('inventory.receive.supplier')}
        placeholder={t('inventory.receive.supplierHint')}
        data={(suppliers.data ?? [])
          .filter((supplier) => supplier.isActive || supplier.id === values.supplierId)
          .map((supplier) => ({
            value: supplier.id,
            label: `${supplier.name} (${supplier.code})`,
          }))}
        value={values.supplierId}
        onChange={(supplierId) => change({ supplierId })}
        searchable
        clearable
        error={errors.supplierId}
      />
      <TextInput
        label={t('inventory.receive.remark')}
        value={values.remark}
        onChange={(event) => change({ remark: event.currentTarget.value })}
        error={errors.remark}
      />
    </Stack>
  );
}

/** Receive stock of an item (its detail page): a dialog. */
export function ReceiveDialog({
  item,
  onClose,
}: {
  item: { itemId: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useReceiveForm(item.itemId, onClose);
  return (
    <AppDialog
      title={t('inventory.receive.titleOf', { name: item.name })}
      onClose={onClose}
      size={620}
      dirty={form.dirty}
      onSubmit={() => void form.save()}
      footer={(close) => (
        <Footer close={close} saving={form.saving} save={t('inventory.receive.save')} />
      )}
    >
      <ReceiveFields form={form} chooseItem={false} />
    </AppDialog>
  );
}

/** Receive a batch of any item (the `batch` page): the form on the page. */
export function ReceiveBatchForm({ onReceived }: { onReceived: () => void }) {
  const [round, setRound] = useState(0);
  // A new form (empty again) after each receipt: the next delivery is typed from scratch.
  return <ReceiveBatchFormRound key={round} done={() => (setRound((r) => r + 1), onReceived())} />;
}

function ReceiveBatchFormRound({ done }: { done: () => void }) {
  const { t } = useTranslation();
  const form = useReceiveForm(null, done);
  return (
    <PageForm onSubmit={() => void form.save()}>
      <Stack maw={680}>
        <Text c="dimmed">{t('inventory.receive.intro')}</Text>
        <ReceiveFields form={form} chooseItem />
        <Footer saving={form.saving} save={t('inventory.receive.save')} />
      </Stack>
    </PageForm>
  );
}

// --- Adjusting ----------------------------------------------------------------------------

/** The batch options: number, expiry and on-hand. */
function useBatchOptions(itemId: string | null) {
  const { t } = useTranslation();
  const format = useFormats();
  const batches = useBatches({ itemId: itemId ?? undefined, includeEmpty: true }, Boolean(itemId));
  const rows = itemId ? (batches.data?.items ?? []) : [];
  return {
    rows,
    pending: Boolean(itemId) && batches.isPending,
    options: rows.map((batch) => ({
      value: batch.id,
      label: t('inventory.adjust.batchOption', {
        batchNo: batch.batchNo,
        expiry: batch.expiryDate ? format.date(batch.expiryDate) : t('inventory.adjust.noExpiry'),
        onHand: batch.onHand,
      }),
    })),
  };
}

function useAdjustForm(batchId: string | null, rows: () => StockBatchRecord[], done: () => void) {
  const { t } = useTranslation();
  return useStockForm({
    initial: emptyAdjustment(batchId),
    check: (values: AdjustmentForm) =>
      checkAdjustment(values, rows().find((batch) => batch.id === values.batchId)?.onHand ?? null),
    send: adjustStock,
    saved: ({ batch }) =>
      t('inventory.adjust.saved', { batchNo: batch.batchNo, onHand: batch.onHand }),
    done,
  });
}

type AdjustState = ReturnType<typeof useAdjustForm>;

function AdjustFields({
  form,
  options,
  noBatch,
}: {
  form: AdjustState;
  options: Array<{ value: string; label: string }>;
  noBatch: boolean;
}) {
  const { t } = useTranslation();
  const { values, errors, change } = form;
  if (noBatch) return <Text c="dimmed">{t('inventory.adjust.noBatch')}</Text>;
  return (
    <Stack>
      <Select
        label={t('inventory.adjust.batch')}
        placeholder={t('inventory.adjust.batchHint')}
        data={options}
        value={values.batchId}
        onChange={(batchId) => change({ batchId })}
        withAsterisk
        error={errors.batchId}
      />
      <Input.Wrapper label={t('inventory.adjust.direction')} labelElement="div">
        <SegmentedControl<AdjustmentForm['direction']>
          display="flex"
          aria-label={t('inventory.adjust.direction')}
          data={[
            { value: 'remove', label: t('inventory.adjust.remove') },
            { value: 'add', label: t('inventory.adjust.add') },
          ]}
          value={values.direction}
          onChange={(direction) => change({ direction })}
        />
      </Input.Wrapper>
      <TextInput
        label={t('inventory.adjust.quantity')}
        withAsterisk
        inputMode="numeric"
        value={values.quantity}
        onChange={(event) => change({ quantity: event.currentTarget.value })}
        error={errors.quantity}
      />
      <Textarea
        label={t('inventory.adjust.reason')}
        placeholder={t('inventory.adjust.reasonHint')}
        withAsterisk
        autosize
        minRows={2}
        value={values.reason}
        onChange={(event) => change({ reason: event.currentTarget.value })}
        error={errors.reason}
      />
    </Stack>
  );
}

/** Adjust a batch of an item, or of an item chosen first (no `item`): a dialog. */
export function AdjustDialog({
  item,
  batchId = null,
  onClose,
}: {
  item: { itemId: string; name: string } | null;
  batchId?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [itemId, setItemId] = useState<string | null>(item?.itemId ?? null);
  const batches = useBatchOptions(itemId);
  const form = useAdjustForm(batchId, () => batches.rows, onClose);
  return (
    <AppDialog
      title={
        item ? t('inventory.adjust.titleOf', { name: item.name }) : t('inventory.adjust.title')
      }
      onClose={onClose}
      size={560}
      dirty={form.dirty || itemId !== (item?.itemId ?? null)}
      onSubmit={() => void form.save()}
      footer={(close) => (
        <Footer close={close} saving={form.saving} save={t('inventory.adjust.save')} />
      )}
    >
      <Stack>
        {!item && (
          <StockItemSelect
            label={t('inventory.adjust.chooseItem')}
            placeholder={t('inventory.adjust.chooseItemHint')}
            value={itemId}
            onChange={(next) => {
              setItemId(next);
              form.change({ batchId: null });
            }}
            withAsterisk
          />
        )}
        {itemId && (
          <AdjustFields
            form={form}
            options={batches.options}
            noBatch={!batches.pending && batches.rows.length === 0}
          />
        )}
      </Stack>
    </AppDialog>
  );
}

/** Adjust one of an item's batches (the `items/adjustment/{id}` page): the form on the page. */
export function AdjustItemForm({ itemId, onDone }: { itemId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const batches = useBatchOptions(itemId);
  const form = useAdjustForm(null, () => batches.rows, onDone);
  return (
    <PageForm onSubmit={() => void form.save()}>
      <Stack maw={560}>
        <AdjustFields
          form={form}
          options={batches.options}
          noBatch={!batches.pending && batches.rows.length === 0}
        />
        {batches.rows.length > 0 && (
          <Footer saving={form.saving} save={t('inventory.adjust.save')} />
        )}
      </Stack>
    </PageForm>
  );
}

// --- Reorder level and suppliers ------------------------------------------------------

export function ReorderDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(item.reorderLevel === null ? '' : String(item.reorderLevel));
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  async function save() {
    const checked = checkReorderLevel(text, item.reorderVersion);
    if (!checked.ok) return setError(checked.errors.reorderLevel as string | undefined);
    setSaving(true);
    try {
      await saveReorderLevel(item, checked.body.reorderLevel);
      await refreshInventory(queryClient);
      snackbar.success(t('inventory.item.reorderSaved'));
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors[0]?.field === 'reorderLevel')
        return setError(failure.errors[0].message);
      // 409 record.changed: someone saved it meanwhile; the alert says so, the page reloads.
      alertFailure(failure);
      await refreshInventory(queryClient);
    } finally {
      setSaving(false);
    }
  }
  return (
    <AppDialog
      title={t('inventory.item.reorderTitle', { name: item.name })}
      onClose={onClose}
      size={420}
      dirty={text !== (item.reorderLevel === null ? '' : String(item.reorderLevel))}
      onSubmit={() => void save()}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('inventory.form.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('inventory.form.save')}
          </Button>
        </Group>
      )}
    >
      <TextInput
        label={t('inventory.item.reorder')}
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
      />
    </AppDialog>
  );
}

/** Adds a supplier, or edits one with its version (409 when someone saved it meanwhile). */
export function SupplierDialog({
  supplier,
  onClose,
}: {
  supplier: Supplier | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useStockForm({
    initial: supplier ? supplierFormOf(supplier) : EMPTY_SUPPLIER,
    check: checkSupplier,
    send: (body) => saveSupplier(body, supplier),
    saved: () => t('inventory.suppliers.saved'),
    done: onClose,
  });
  const { values, errors, change } = form;
  const text = (field: Exclude<keyof SupplierForm, 'isActive' | 'address'>) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      change({ [field]: event.currentTarget.value }),
    error: errors[field],
  });
  return (
    <AppDialog
      title={
        supplier
          ? t('inventory.suppliers.editTitle', { code: supplier.code })
          : t('inventory.suppliers.newTitle')
      }
      onClose={onClose}
      size={620}
      dirty={form.dirty}
      onSubmit={() => void form.save()}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('inventory.form.cancel')}
          </Button>
          <Button type="submit" loading={form.saving} data-dialog-save>
            {t('inventory.form.save')}
          </Button>
        </Group>
      )}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('inventory.cols.code')} withAsterisk {...text('code')} />
          <TextInput label={t('inventory.cols.name')} withAsterisk {...text('name')} />
          <TextInput label={t('inventory.cols.contactPerson')} {...text('contactPerson')} />
          <TextInput label={t('inventory.cols.contactNo')} {...text('contactNo')} />
        </SimpleGrid>
        <TextInput label={t('inventory.cols.email')} {...text('email')} />
        <Textarea
          label={t('inventory.cols.address')}
          autosize
          minRows={2}
          value={values.address}
          onChange={(event) => change({ address: event.currentTarget.value })}
          error={errors.address}
        />
        <Checkbox
          label={t('inventory.suppliers.active')}
          checked={values.isActive}
          onChange={(event) => change({ isActive: event.currentTarget.checked })}
        />
      </Stack>
    </AppDialog>
  );
}
