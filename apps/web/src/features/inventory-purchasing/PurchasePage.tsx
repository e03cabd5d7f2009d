import { purchaseActions, type Purchase, type PurchaseCreateBody } from '@clinic/domain';
import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useBranch } from '../../app/branch.ts';
import { clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { openPrintPreview } from '../../print/preview.ts';
import { loadReportHeader } from '../../print/report-header.ts';
import { PurchasingNav, StatusBadge, usePurchasingPath } from './parts.tsx';
import {
  confirmPurchase,
  createPurchase,
  purchasingKeys,
  readVendor,
  refreshPurchasing,
  updatePurchase,
  usePurchase,
  useVendors,
  voidPurchase,
} from './purchasing-api.ts';

// The editor (with its pickers) and the receive dialog load after the page.
const PurchaseEditor = lazy(async () => ({
  default: (await import('./PurchaseEditor.tsx')).PurchaseEditor,
}));
const ReceiveDialog = lazy(async () => ({
  default: (await import('./ReceiveDialog.tsx')).ReceiveDialog,
}));

/** Opens the purchase order's A4 print preview (header, vendor, lines, signature lines). */
function printOrder(order: Purchase, title: string): Promise<void> {
  return openPrintPreview({
    title,
    fileName: `purchase-order-${order.purchaseNo}.pdf`,
    document: async () => {
      const [{ purchaseOrderPrint }, letterhead, vendor] = await Promise.all([
        import('@clinic/print'),
        loadReportHeader(),
        readVendor(order.supplier.id),
      ]);
      return { kind: 'purchaseOrder', ...letterhead, order: purchaseOrderPrint(order, vendor) };
    },
  });
}

/**
 * A purchase order (doc 3 section 2.4 `purchases/{purchaseId}`; `new` for a new one): the
 * editor while a draft, then confirm, receive in parts, void with a reason (while nothing
 * was received), print, and the deliveries received against it.
 */
export function PurchasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const path = usePurchasingPath();
  const offset = useClinicOffset();
  const { branchId } = useBranch();
  const { purchaseId = 'new' } = useParams();
  const isNew = purchaseId === 'new';
  const query = usePurchase(branchId, purchaseId);
  const vendors = useVendors(branchId);
  const mayCreate = useCan('inventory:create');
  const mayUpdate = useCan('inventory:update');
  const [receiving, setReceiving] = useState(false);
  const order = isNew ? null : query.data;

  function show(next: Purchase) {
    queryClient.setQueryData(purchasingKeys.order(branchId, next.id), next);
    void refreshPurchasing(queryClient);
  }

  async function save(body: PurchaseCreateBody) {
    if (!order) {
      const created = await createPurchase(body);
      show(created);
      snackbar.success(t('purchasing.created', { number: created.purchaseNo }));
      await navigate(path(`purchases/${created.id}`), { replace: true });
      return;
    }
    show(await updatePurchase(order.id, { ...body, version: order.version }));
    snackbar.success(t('purchasing.saved'));
  }

  async function confirm(current: Purchase) {
    const answer = await dialogs.confirm({
      title: t('purchasing.confirmTitle', { number: current.purchaseNo }),
      message: t('purchasing.confirmMessage'),
    });
    if (!answer.confirmed) return;
    try {
      show(await confirmPurchase(current));
      snackbar.success(t('purchasing.confirmed'));
    } catch (failure) {
      alertFailure(failure);
    }
  }

  async function voidOrder(current: Purchase) {
    const answer = await dialogs.confirm({
      title: t('purchasing.voidTitle', { number: current.purchaseNo }),
      okText: t('purchasing.void'),
      focusCancel: true,
      input: {
        type: 'textarea',
        label: t('purchasing.voidReason'),
        required: t('purchasing.voidReason'),
      },
    });
    if (!answer.confirmed) return;
    try {
      show(await voidPurchase(current, String(answer.value ?? '')));
      snackbar.success(t('purchasing.voided'));
    } catch (failure) {
      alertFailure(failure);
    }
  }

  if (!isNew && query.isPending) return <Text c="dimmed">{t('purchasing.loading')}</Text>;
  if (!isNew && !order) {
    return (
      <Stack>
        <PurchasingNav />
        <Text>{t('purchasing.notFound')}</Text>
      </Stack>
    );
  }
  const actions = order ? purchaseActions(order.status, order) : null;
  const title = order
    ? t('purchasing.detailsTitle', { number: order.purchaseNo })
    : t('purchasing.new');
  return (
    <Stack>
      <PurchasingNav />
      <Anchor component={Link} to={path('purchases')}>
        {t('purchasing.back')}
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {order && <StatusBadge status={order.status} />}
        </Group>
        {order && (
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => void printOrder(order, title).catch(alertFailure)}
            >
              {t('purchasing.print')}
            </Button>
            {actions?.confirm && mayUpdate && (
              <Button onClick={() => void confirm(order)}>{t('purchasing.confirm')}</Button>
            )}
            {actions?.receive && mayCreate && (
              <Button onClick={() => setReceiving(true)}>{t('purchasing.receive')}</Button>
            )}
            {actions?.void && mayUpdate && (
              <Button color="red.9" variant="outline" onClick={() => void voidOrder(order)}>
                {t('purchasing.void')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {order?.voidReason && (
        <Text c="red.9">{t('purchasing.voidReasonShown', { reason: order.voidReason })}</Text>
      )}
      <Suspense fallback={<Text c="dimmed">{t('purchasing.loading')}</Text>}>
        <PurchaseEditor
          key={order ? `${order.id}:${order.version}` : 'new'}
          order={order ?? null}
          vendors={vendors.data ?? []}
          mayEdit={order ? mayUpdate : mayCreate}
          onSave={save}
        />
      </Suspense>
      {order && order.status !== 'DRAFT' && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('purchasing.receipts')}
          </Title>
          {order.receipts.length === 0 ? (
            <Text c="dimmed">{t('purchasing.noReceipts')}</Text>
          ) : (
            <List>
              {order.receipts.map((receipt) => (
                <List.Item key={receipt.id}>
                  <Anchor component={Link} to={path(`purchases/received/${receipt.id}`)}>
                    {receipt.receivedNo}
                  </Anchor>{' '}
                  {receipt.receivedDate}
                  {receipt.supplierInvoiceNo ? ` · ${receipt.supplierInvoiceNo}` : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
      {receiving && order && (
        <Suspense fallback={null}>
          <ReceiveDialog
            order={order}
            today={clinicToday(offset)}
            onClose={() => setReceiving(false)}
            onReceived={(answer) => {
              setReceiving(false);
              show(answer.purchase);
              snackbar.success(
                t('purchasing.receivedDone', { number: answer.received.receivedNo }),
              );
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
