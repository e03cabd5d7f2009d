import type { Supplier } from '@clinic/domain';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { Can } from '../../app/permissions.tsx';
import { removeAfterConfirm } from '../../components/confirmed-removal.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { toCsv } from '../catalogs/csv.ts';
import {
  ActiveBadge,
  ExportButton,
  exportName,
  Pager,
  SearchInput,
} from '../catalogs/ListParts.tsx';
import {
  EXPORT_PAGE_SIZE,
  PAGE_SIZE,
  readAllPages,
  readSuppliers,
  refreshInventory,
  removeSupplier,
  useBatches,
  useSupplier,
  useSuppliers,
} from './inventory-api.ts';
import { SupplierDialog } from './lazy-forms.tsx';
import { BatchTable, InventoryFrame, TableStatus, useInventoryPath } from './parts.tsx';
import '../../i18n/inventory/index.ts';

function useRemoveSupplier() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (supplier: Supplier, removed?: () => void) =>
    removeAfterConfirm({
      title: t('inventory.suppliers.removeTitle'),
      message: t('inventory.suppliers.removeConfirm', {
        code: supplier.code,
        name: supplier.name,
      }),
      remove: async () => {
        await removeSupplier(supplier);
        removed?.();
      },
      removed: t('inventory.suppliers.removed'),
      refresh: () => refreshInventory(queryClient),
    });
}

/** The clinic's suppliers: search, pages, add, edit, delete, CSV. */
export function SuppliersPage() {
  const { t } = useTranslation();
  const pathOf = useInventoryPath();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [pageIndex, setPageIndex] = useState(1);
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const list = useSuppliers(keyword, pageIndex);
  const remove = useRemoveSupplier();
  const rows = list.data?.items ?? [];
  const title = t('inventory.pages.suppliers');
  async function build() {
    const all = await readAllPages(
      (index) => readSuppliers(keyword, index, EXPORT_PAGE_SIZE),
      EXPORT_PAGE_SIZE,
    );
    const csv = toCsv(
      ['code', 'name', 'contactPerson', 'contactNo', 'email', 'address', 'active'],
      all.map((s) => [
        s.code,
        s.name,
        s.contactPerson,
        s.contactNo,
        s.email,
        s.address,
        s.isActive,
      ]),
    );
    return { csv, rows: all.length };
  }
  return (
    <InventoryFrame
      title={title}
      actions={
        <>
          <ExportButton fileName={exportName('suppliers')} build={build} />
          <Can permission="inventory:create">
            <Button onClick={() => setEditing('new')}>{t('inventory.suppliers.add')}</Button>
          </Can>
        </>
      }
    >
      <SearchInput
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPageIndex(1);
        }}
      />
      <DataTable aria-label={title} minWidth={720} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('inventory.cols.code')}</Table.Th>
            <Table.Th>{t('inventory.cols.name')}</Table.Th>
            <Table.Th>{t('inventory.cols.contactPerson')}</Table.Th>
            <Table.Th>{t('inventory.cols.contactNo')}</Table.Th>
            <Table.Th>{t('inventory.cols.active')}</Table.Th>
            <ActionTh>{t('inventory.cols.actions')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((supplier) => (
            <Table.Tr key={supplier.id}>
              <Table.Td>{supplier.code}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={pathOf(`suppliers/${supplier.id}`)}>
                  {supplier.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{supplier.contactPerson}</Table.Td>
              <Table.Td>{supplier.contactNo}</Table.Td>
              <Table.Td>
                <ActiveBadge active={supplier.isActive} />
              </Table.Td>
              <ActionTd>
                <Group gap={4} wrap="nowrap">
                  <Can permission="inventory:update">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      data-primary-action
                      aria-label={t('inventory.suppliers.editOne', { name: supplier.name })}
                      onClick={() => setEditing(supplier)}
                    >
                      {t('inventory.suppliers.edit')}
                    </Button>
                  </Can>
                  <Can permission="inventory:delete">
                    <RemoveRowButton
                      label={t('inventory.suppliers.removeOne', { name: supplier.name })}
                      onClick={() => void remove(supplier)}
                    />
                  </Can>
                </Group>
              </ActionTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <TableStatus
        pending={list.isPending}
        empty={list.isSuccess && rows.length === 0}
        none={t('inventory.suppliers.none')}
      />
      <Pager
        page={pageIndex}
        total={list.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
      />
      {editing !== null && (
        <SupplierDialog
          supplier={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </InventoryFrame>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/** One supplier: contact details, edit, delete, and the branch's batches received from it. */
export function SupplierDetailPage() {
  const { t } = useTranslation();
  const { supplierId = '' } = useParams();
  const pathOf = useInventoryPath();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const found = useSupplier(supplierId);
  const batches = useBatches({ includeEmpty: true });
  const remove = useRemoveSupplier();
  const supplier = found.data;
  const notFound = found.error instanceof ApiError && found.error.status === 404;
  const received = (batches.data?.items ?? []).filter((batch) => batch.supplierId === supplierId);
  return (
    <InventoryFrame
      title={supplier ? `${supplier.name} (${supplier.code})` : t('inventory.pages.suppliers')}
      actions={
        supplier && (
          <>
            <Can permission="inventory:update">
              <Button onClick={() => setEditing(true)}>{t('inventory.suppliers.edit')}</Button>
            </Can>
            <Can permission="inventory:delete">
              <Button
                color="red"
                variant="light"
                onClick={() => void remove(supplier, () => void navigate(pathOf('suppliers')))}
              >
                {t('inventory.suppliers.remove')}
              </Button>
            </Can>
          </>
        )
      }
    >
      <Anchor component={Link} to={pathOf('suppliers')} size="sm">
        {t('inventory.back')}
      </Anchor>
      {notFound && <Text c="dimmed">{t('inventory.suppliers.notFound')}</Text>}
      {supplier && (
        <>
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Fact label={t('inventory.cols.contactPerson')} value={supplier.contactPerson} />
              <Fact label={t('inventory.cols.contactNo')} value={supplier.contactNo} />
              <Fact label={t('inventory.cols.email')} value={supplier.email} />
              <Fact label={t('inventory.cols.address')} value={supplier.address} />
              <Fact
                label={t('inventory.cols.active')}
                value={
                  supplier.isActive
                    ? t('inventory.suppliers.active')
                    : t('inventory.suppliers.inactive')
                }
              />
            </SimpleGrid>
          </Paper>
          <Title order={2} size="h4">
            {t('inventory.suppliers.batches')}
          </Title>
          <BatchTable rows={received} label={t('inventory.suppliers.batches')} />
          <TableStatus
            pending={batches.isPending}
            empty={batches.isSuccess && received.length === 0}
            none={t('inventory.batches.none')}
          />
          {editing && <SupplierDialog supplier={supplier} onClose={() => setEditing(false)} />}
        </>
      )}
    </InventoryFrame>
  );
}
