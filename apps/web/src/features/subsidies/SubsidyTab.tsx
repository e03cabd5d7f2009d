import { formatMoney, type PatientSubsidy, type SubsidyTierItem } from '@clinic/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { Can, useCan } from '../../app/permissions.tsx';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { DateField } from '../../components/DateField.tsx';
import { snackbar } from '../../components/dialogs.tsx';
import { useCheckedForm } from '../../components/form/use-checked-form.ts';
import {
  setPatientSubsidy,
  usePatientSubsidy,
  usePatientSubsidyShown,
  useSubsidyTiers,
} from './subsidies-api.ts';
import { cardBody, cardValues, checkCard, type CardValues } from './subsidy-form.ts';
import '../../i18n/subsidies/index.ts';

const date = (value: string) => formatCalendarDate(value, DATE_FORMATS.picker);

/** The patient's card: scheme, tier and validity. */
function CardView({ subsidy }: { subsidy: PatientSubsidy }) {
  const { t } = useTranslation();
  const card = subsidy.card;
  if (!card) return <Text data-testid="subsidy-no-card">{t('subsidy.tab.noCard')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" data-testid="subsidy-card">
      <div>
        <Text size="sm" c="dimmed">
          {t('subsidy.tab.scheme')}
        </Text>
        <Text>{card.schemeName}</Text>
      </div>
      <div>
        <Text size="sm" c="dimmed">
          {t('subsidy.tab.tier')}
        </Text>
        <Text data-testid="subsidy-tier">{card.tierName}</Text>
      </div>
      <div>
        <Text size="sm" c="dimmed">
          {t('subsidy.tab.validFrom')} – {t('subsidy.tab.validTo')}
        </Text>
        <Text>
          {date(card.validFrom)} – {card.validTo ? date(card.validTo) : t('subsidy.tab.noExpiry')}
        </Text>
      </div>
      <div>
        <Badge color={card.isValidToday ? 'teal.9' : 'red.9'}>
          {card.isValidToday ? t('subsidy.tab.validToday') : t('subsidy.tab.notValidToday')}
        </Badge>
      </div>
    </SimpleGrid>
  );
}

/** This year's dollar subsidies against the tier's annual caps. */
function UsageTable({ subsidy }: { subsidy: PatientSubsidy }) {
  const { t } = useTranslation();
  const capText = (cents: number | null) =>
    cents === null ? t('subsidy.tab.noCap') : formatMoney(cents);
  return (
    <DataTable aria-label={t('subsidy.tab.usageTitle', { year: subsidy.year })} minWidth={480}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('subsidy.tab.usageKind')}</Table.Th>
          <Table.Th ta="right">{t('subsidy.tab.used')}</Table.Th>
          <Table.Th ta="right">{t('subsidy.tab.cap')}</Table.Th>
          <Table.Th ta="right">{t('subsidy.tab.remaining')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {subsidy.usage.map((use) => (
          <Table.Tr key={use.visitKind} data-testid={`usage-${use.visitKind}`}>
            <Table.Td>{t(`subsidy.visitKind.${use.visitKind}`)}</Table.Td>
            <Table.Td ta="right">{formatMoney(use.usedCents)}</Table.Td>
            <Table.Td ta="right">{capText(use.annualCapCents)}</Table.Td>
            <Table.Td ta="right">
              {use.remainingCents === null ? '' : formatMoney(use.remainingCents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

/** The desk sets or removes the tier, at the card's version. */
function CardForm({
  subsidy,
  tiers,
}: {
  subsidy: PatientSubsidy;
  tiers: readonly SubsidyTierItem[];
}) {
  const { t } = useTranslation();
  const shown = usePatientSubsidyShown();
  const { form, check } = useCheckedForm<CardValues>({
    initialValues: cardValues(subsidy),
    validate: checkCard,
  });
  const [busy, setBusy] = useState(false);
  const values = form.getValues();

  async function send(values: CardValues | null) {
    if (values && !check()) return;
    setBusy(true);
    try {
      const answer = await setPatientSubsidy(subsidy.patientId, cardBody(values, subsidy.version));
      shown(answer);
      form.setInitialValues(cardValues(answer));
      form.setValues(cardValues(answer));
      snackbar.success(t('subsidy.tab.saved'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && failure.errors.length > 0) {
        form.setErrors(Object.fromEntries(failure.errors.map((e) => [e.field, e.message])));
      } else alertFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send(form.getValues());
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('subsidy.tab.setTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label={t('subsidy.tab.tier')}
            value={values.tierCode}
            onChange={(event) => form.setFieldValue('tierCode', event.currentTarget.value)}
            error={form.errors.tierCode}
            data={[
              { value: '', label: t('subsidy.tab.chooseTier') },
              ...tiers
                .filter((tier) => tier.isActive || tier.code === values.tierCode)
                .map((tier) => ({ value: tier.code, label: tier.name })),
            ]}
          />
          <DateField
            label={t('subsidy.tab.validFrom')}
            value={values.validFrom}
            onChange={(value) => form.setFieldValue('validFrom', value)}
            error={form.errors.validFrom}
          />
          <DateField
            label={t('subsidy.tab.validTo')}
            value={values.validTo}
            onChange={(value) => form.setFieldValue('validTo', value)}
            error={form.errors.validTo}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          {subsidy.card && (
            <Button variant="default" disabled={busy} onClick={() => void send(null)}>
              {t('subsidy.tab.clear')}
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {t('subsidy.tab.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The patient's Subsidy tab (doc 2 section 2.1 'personal/subsidy'): the CHAS or Healthier
 * SG tier with its validity, this calendar year's use of the annual caps, and (for whoever
 * updates patients) the form that sets or removes the tier.
 */
export function SubsidyTab({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const subsidy = usePatientSubsidy(patientId);
  const tiers = useSubsidyTiers(useCan('invoices:read'));
  if (subsidy.isError) return <Alert color="red">{t('subsidy.tab.loading')}</Alert>;
  if (!subsidy.data) return <Skeleton height={120} aria-label={t('subsidy.tab.loading')} />;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="subsidy-tab-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="subsidy-tab-title">
          {t('subsidy.tab.title')}
        </Title>
        <CardView subsidy={subsidy.data} />
        <UsageTable subsidy={subsidy.data} />
        <Can permission="patients:update">
          <CardForm key={subsidy.data.version} subsidy={subsidy.data} tiers={tiers.data ?? []} />
        </Can>
      </Stack>
    </Paper>
  );
}
