import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { centsToDollars } from '../catalogs/money.ts';
import '../../i18n/inventory-counts/index.ts';

/** Status colours dark enough for white text (see "Accessibility"). */
const STATUS_COLOURS = {
  open: 'blue.9',
  requested: 'blue.9',
  finalised: 'teal.9',
  issued: 'teal.9',
  cancelled: 'gray.7',
  refused: 'red.9',
} as const;

export type CountStatus = keyof typeof STATUS_COLOURS;

export function StatusBadge({ status }: { status: CountStatus }) {
  const { t } = useTranslation();
  return <Badge color={STATUS_COLOURS[status]}>{t(`counts.status.${status}`)}</Badge>;
}

/** Signed money: '-0.75', '+0.80', '0.00'. */
export function signedDollars(cents: number): string {
  return cents > 0 ? `+${centsToDollars(cents)}` : centsToDollars(cents);
}

/** A signed quantity: '-3', '+1', '0'; blank when not counted. */
export function signed(value: number | null): string {
  if (value === null) return '';
  return value > 0 ? `+${value}` : String(value);
}

/** A variance, red when stock is missing and green when more was found. */
export function VarianceText({ value, children }: { value: number | null; children: string }) {
  const colour = value === null || value === 0 ? undefined : value < 0 ? 'red.9' : 'teal.9';
  return (
    <Text span size="sm" c={colour} fw={value ? 600 : undefined}>
      {children}
    </Text>
  );
}
