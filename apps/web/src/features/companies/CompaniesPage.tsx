import type { CompanyRecord } from '@clinic/domain';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import { useCan } from '../../app/permissions.tsx';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { companyKeys, useCompanies } from './companies-api.ts';
import '../../i18n/companies/index.ts';

const CompanyDialog = lazy(async () => ({
  default: (await import('./CompanyDialog.tsx')).CompanyDialog,
}));

/**
 * Settings registration/companies (doc 1 section 2.5): the companies the clinic bills, with
 * their bill-to block and credit terms. Owners (settings:create, update) add and edit them;
 * a company is deactivated, never deleted.
 */
export function CompaniesPage() {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const client = useQueryClient();
  const companies = useCompanies();
  const mayCreate = useCan('settings:create');
  const mayUpdate = useCan('settings:update');
  const [editing, setEditing] = useState<CompanyRecord | 'new' | null>(null);

  const saved = () => {
    setEditing(null);
    void client.invalidateQueries({ queryKey: companyKeys.all(branchId) });
    void client.invalidateQueries({ queryKey: ['billing', 'companies'] });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('companies.title')}
        </Title>
        {mayCreate && <Button onClick={() => setEditing('new')}>{t('companies.add')}</Button>}
      </Group>
      <Text c="dimmed" size="sm">
        {t('companies.intro')}
      </Text>
      {companies.isPending ? (
        <Text>{t('companies.loading')}</Text>
      ) : (companies.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('companies.none')}</Text>
      ) : (
        <DataTable aria-label={t('companies.label')} minWidth={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('companies.code')}</Table.Th>
              <Table.Th>{t('companies.name')}</Table.Th>
              <Table.Th>{t('companies.creditTermsDays')}</Table.Th>
              <Table.Th>{t('companies.status')}</Table.Th>
              {mayUpdate && <ActionTh />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(companies.data ?? []).map((company) => (
              <Table.Tr key={company.id} data-testid="company-row">
                <Table.Td>{company.code}</Table.Td>
                <Table.Td>{company.name}</Table.Td>
                <Table.Td>{company.creditTermsDays}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={company.isActive ? 'teal' : 'gray'}>
                    {company.isActive ? t('companies.active') : t('companies.inactive')}
                  </Badge>
                </Table.Td>
                {mayUpdate && (
                  <ActionTd>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      data-primary-action
                      onClick={() => setEditing(company)}
                    >
                      {t('companies.edit', { name: company.name })}
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
          <CompanyDialog
            company={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={saved}
          />
        </Suspense>
      )}
    </Stack>
  );
}
