import { formatMoney, SCHEME_VISIT_KINDS, type SubsidyTierItem } from '@clinic/domain';
import {
  Alert,
  Button,
  Checkbox,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import { useCan } from '../../app/permissions.tsx';
import { AppDialog } from '../../components/AppDialog.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { useCheckedForm } from '../../components/form/use-checked-form.ts';
import { i18n } from '../../i18n/index.ts';
import { subsidyKeys, updateTier, useSubsidyTiers } from './subsidies-api.ts';
import { tierBody, tierValues, type TierValues } from './tier-form.ts';
import '../../i18n/subsidies/index.ts';

const caps = (values: SubsidyTierItem['perVisitCapCents']) =>
  SCHEME_VISIT_KINDS.map((kind) => (values[kind] === null ? '—' : formatMoney(values[kind]))).join(
    ' / ',
  );

function validate(values: TierValues) {
  const checked = tierBody(values, 0);
  if (checked.ok) return {};
  return Object.fromEntries(
    Object.entries(checked.problems).map(([path, key]) => [path, i18n.t(key)]),
  );
}

/** A tier's terms, saved at the version read (409: read again by the caller). */
function TierDialog({ tier, onClose }: { tier: SubsidyTierItem; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { branchId } = useBranch();
  const { form, check } = useCheckedForm<TierValues>({
    initialValues: tierValues(tier),
    validate,
  });
  const [busy, setBusy] = useState(false);

  async function save() {
    if (!check()) return;
    const checked = tierBody(form.getValues(), tier.version);
    if (!checked.ok) return;
    setBusy(true);
    try {
      await updateTier(tier.id, checked.body);
      onClose();
    } catch (failure) {
      alertFailure(failure);
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: subsidyKeys.tiers(branchId) });
    }
  }

  const kindText = (kind: (typeof SCHEME_VISIT_KINDS)[number]) => t(`subsidy.visitKind.${kind}`);
  return (
    <AppDialog
      title={t('subsidy.tiers.editTitle', { name: tier.name })}
      onClose={onClose}
      dirty={form.isDirty()}
      size="lg"
      onSubmit={() => void save()}
      footer={(close) => (
        <>
          <Button variant="default" onClick={close}>
            {t('subsidy.tiers.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-dialog-save>
            {t('subsidy.tiers.save')}
          </Button>
        </>
      )}
    >
      <Stack gap="sm">
        <TextInput label={t('subsidy.tiers.name')} {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {SCHEME_VISIT_KINDS.map((kind) => (
            <TextInput
              key={`perVisit.${kind}`}
              label={t('subsidy.tiers.perVisitOf', { kind: kindText(kind) })}
              inputMode="decimal"
              {...form.getInputProps(`perVisit.${kind}`)}
            />
          ))}
          {SCHEME_VISIT_KINDS.map((kind) => (
            <TextInput
              key={`annual.${kind}`}
              label={t('subsidy.tiers.annualOf', { kind: kindText(kind) })}
              inputMode="decimal"
              {...form.getInputProps(`annual.${kind}`)}
            />
          ))}
        </SimpleGrid>
        <TextInput
          label={t('subsidy.tiers.drugPercent')}
          inputMode="decimal"
          {...form.getInputProps('drugPercent')}
        />
        <Checkbox
          label={t('subsidy.tiers.absorbsGst')}
          {...form.getInputProps('absorbsDrugGst', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('subsidy.tiers.isActive')}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
      </Stack>
    </AppDialog>
  );
}

/**
 * Settings 'sales/subsidies': the clinic's CHAS and Healthier SG tiers, their caps per visit
 * and per year (common illness / chronic simple / chronic complex) and drug terms; Finance
 * and Administrators (`invoices:approve`) edit them.
 */
export function SubsidyTiersPage() {
  const { t } = useTranslation();
  const tiers = useSubsidyTiers();
  const mayEdit = useCan('invoices:approve');
  const [editing, setEditing] = useState<SubsidyTierItem | null>(null);
  if (tiers.isError) return <Alert color="red">{t('subsidy.tiers.loading')}</Alert>;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('subsidy.tiers.title')}
      </Title>
      {!tiers.data ? (
        <Skeleton height={200} aria-label={t('subsidy.tiers.loading')} />
      ) : (
        <DataTable aria-label={t('subsidy.tiers.title')} minWidth={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('subsidy.tiers.code')}</Table.Th>
              <Table.Th>{t('subsidy.tiers.name')}</Table.Th>
              <Table.Th>{t('subsidy.tiers.scheme')}</Table.Th>
              <Table.Th>{t('subsidy.tiers.perVisit')}</Table.Th>
              <Table.Th>{t('subsidy.tiers.annual')}</Table.Th>
              <Table.Th>{t('subsidy.tiers.drug')}</Table.Th>
              <Table.Th>{t('subsidy.tiers.active')}</Table.Th>
              {mayEdit && <ActionTh>{t('subsidy.tiers.edit')}</ActionTh>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tiers.data.map((tier) => (
              <Table.Tr key={tier.id} data-testid="subsidy-tier-row">
                <Table.Td>{tier.code}</Table.Td>
                <Table.Td>{tier.name}</Table.Td>
                <Table.Td>{tier.schemeName}</Table.Td>
                <Table.Td>{caps(tier.perVisitCapCents)}</Table.Td>
                <Table.Td>{caps(tier.annualCapCents)}</Table.Td>
                <Table.Td>{tier.drugSubsidyBasisPoints / 100}%</Table.Td>
                <Table.Td>{tier.isActive ? '✓' : '—'}</Table.Td>
                {mayEdit && (
                  <ActionTd>
                    <Button
                      size="compact-sm"
                      variant="default"
                      data-primary-action
                      aria-label={t('subsidy.tiers.editTitle', { name: tier.name })}
                      onClick={() => setEditing(tier)}
                    >
                      {t('subsidy.tiers.edit')}
                    </Button>
                  </ActionTd>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {editing && <TierDialog tier={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
