import {
  formatMoney,
  SCHEME_VISIT_KINDS,
  type Invoice,
  type SchemeVisitKind,
} from '@clinic/domain';
import { Group, NativeSelect, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChas } from './subsidies-api.ts';
import '../../i18n/subsidies/index.ts';

/**
 * The invoice's scheme subsidy as the server answered it (the domain's
 * `invoiceSchemeSubsidy`, frozen once finalised): no figure is worked out here.
 */

/** Whether the invoice shows subsidy columns and figures. */
export function showsSubsidy(invoice: Invoice): boolean {
  return invoice.subsidy !== null || invoice.subsidyCents > 0;
}

/** The scheme, tier and visit kind, with the tax invoice's breakdown. */
export function SchemeSummary({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const subsidy = invoice.subsidy;
  if (!subsidy) return null;
  const part = (label: string, cents: number, id: string) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text data-testid={id}>{formatMoney(cents)}</Text>
    </div>
  );
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="invoice-subsidy-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="invoice-subsidy-title">
          {t('subsidy.invoice.title')}
        </Title>
        <Text data-testid="invoice-scheme">
          {t('subsidy.invoice.scheme', { scheme: subsidy.schemeName, tier: subsidy.tierName })} ·{' '}
          {t(`subsidy.visitKind.${subsidy.visitKind}`)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {part(t('subsidy.invoice.dollar'), subsidy.dollarSubsidyCents, 'subsidy-dollar')}
        {part(
          t('subsidy.invoice.percentage'),
          subsidy.percentageSubsidyCents,
          'subsidy-percentage',
        )}
        {part(t('subsidy.invoice.gstAbsorbed'), subsidy.gstAbsorbedCents, 'subsidy-gst')}
      </SimpleGrid>
    </Paper>
  );
}

/** The subsidies line of the totals, taken off the bill. */
export function SubsidyFigure({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  if (!showsSubsidy(invoice)) return null;
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm">{t('subsidy.invoice.figure')}</Text>
      <Text size="sm" data-testid="figure-subsidy">
        -{formatMoney(invoice.subsidyCents)}
      </Text>
    </Group>
  );
}

/** The subsidy column's heading (shown when the invoice has a subsidy). */
export function SubsidyHeading() {
  const { t } = useTranslation();
  return <>{t('subsidy.invoice.column')}</>;
}

export type VisitKindChoice = SchemeVisitKind | 'none';

/** The draft's visit kind for the scheme, or no subsidy; says the patient's tier. */
export function VisitKindSelect({
  patientId,
  value,
  onChange,
}: {
  patientId: string;
  value: VisitKindChoice;
  onChange: (value: VisitKindChoice) => void;
}) {
  const { t } = useTranslation();
  const chas = useChas(patientId);
  const card = chas.data?.card;
  const tier = card?.isValidToday ? card.tierName : null;
  return (
    <NativeSelect
      label={t('subsidy.invoice.visitKindLabel')}
      description={
        tier ? t('subsidy.invoice.visitKindHint', { tier }) : t('subsidy.invoice.noTierHint')
      }
      value={value}
      onChange={(event) => {
        const chosen = SCHEME_VISIT_KINDS.find((kind) => kind === event.currentTarget.value);
        onChange(chosen ?? 'none');
      }}
      data={[
        { value: 'none', label: t('subsidy.visitKind.none') },
        ...SCHEME_VISIT_KINDS.map((kind) => ({
          value: kind,
          label: t(`subsidy.visitKind.${kind}`),
        })),
      ]}
    />
  );
}
