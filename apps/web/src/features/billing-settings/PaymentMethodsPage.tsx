import type { PaymentMethodRecord } from '@clinic/domain';
import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { billingSettingsKeys, usePaymentMethods } from './billing-settings-api.ts';
import { useBillingSettingsRights, usePlaceKey } from './rights.ts';
import { SalesSettingsNav } from './SalesSettingsNav.tsx';
import '../../i18n/billing-settings/index.ts';

const PaymentMethodDialog = lazy(async () => ({
  default: (await import('./SettingsDialogs.tsx')).PaymentMethodDialog,
}));

/**
 * Settings 'sales/payment-method' (doc 1 section 2.5): the ways the desk takes payment
 * (cash, NETS, card, PayNow and cheque seeded), whether each gives change, active or not.
 * Owners (`billingSettings:create|update`) add and edit them; a method is deactivated,
 * never deleted (payments name it).
 */
export function PaymentMethodsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const place = usePlaceKey('branch');
  const methods = usePaymentMethods(place);
  const rights = useBillingSettingsRights('branch');
  const [editing, setEditing] = useState<PaymentMethodRecord | 'new' | null>(null);

  const saved = () => {
    setEditing(null);
    void client.invalidateQueries({ queryKey: billingSettingsKeys.paymentMethods(place) });
    // The desk's tender list (`GET /settings/paymentMethod`) shows the change too.
    void client.invalidateQueries({ queryKey: ['billing', 'paymentMethods'] });
  };

  return (
    <Stack gap="md">
      <SalesSettingsNav />
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('billingSettings.pages.paymentMethods')}
        </Title>
        {rights.create && (
          <Button onClick={() => setEditing('new')}>{t('billingSettings.methods.add')}</Button>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        {t('billingSettings.methods.intro')}
      </Text>
      {!rights.update && <Text size="sm">{t('billingSettings.readOnly')}</Text>}
      {methods.isError ? (
        <Alert color="red">{t('billingSettings.methods.failed')}</Alert>
      ) : !methods.data ? (
        <Skeleton height={160} aria-label={t('billingSettings.methods.loading')} />
      ) : (
        <DataTable aria-label={t('billingSettings.methods.label')} minWidth={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billingSettings.code')}</Table.Th>
              <Table.Th>{t('billingSettings.name')}</Table.Th>
              <Table.Th>{t('billingSettings.methods.givesChange')}</Table.Th>
              <Table.Th>{t('billingSettings.status')}</Table.Th>
              {rights.update && <ActionTh />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {methods.data.map((method) => (
              <Table.Tr key={method.id} data-testid="payment-method-row">
                <Table.Td>{method.code}</Table.Td>
                <Table.Td>{method.name}</Table.Td>
                <Table.Td>
                  {method.givesChange
                    ? t('billingSettings.methods.yes')
                    : t('billingSettings.methods.no')}
                </Table.Td>
                <Table.Td>
                  <Badge color={method.isActive ? 'teal' : 'gray'}>
                    {method.isActive ? t('billingSettings.active') : t('billingSettings.inactive')}
                  </Badge>
                </Table.Td>
                {rights.update && (
                  <ActionTd>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      data-primary-action
                      onClick={() => setEditing(method)}
                    >
                      {t('billingSettings.methods.editOne', { name: method.name })}
                    </Button>
                  </ActionTd>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {editing && (
        <Suspense fallback={null}>
          <PaymentMethodDialog
            method={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={saved}
          />
        </Suspense>
      )}
    </Stack>
  );
}
