import { formatCents, type PurchaseStatus } from '@clinic/domain';
import { Anchor, Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { branchPath, useBranch } from '../../app/branch.ts';
import '../../i18n/purchasing/index.ts';

const STATUS_COLOURS: Record<PurchaseStatus, string> = {
  DRAFT: 'gray.7',
  CONFIRMED: 'blue.9',
  PARTIALLY: 'accent.9',
  STOCKED: 'teal.9',
  VOIDED: 'red.9',
};

export function StatusBadge({ status }: { status: PurchaseStatus }) {
  const { t } = useTranslation();
  return <Badge color={STATUS_COLOURS[status]}>{t(`purchasing.status.${status}`)}</Badge>;
}

/** Dollars with two decimals, from cents. */
export const money = (cents: number) => formatCents(cents);

/** The path of a purchasing screen of the current branch. */
export function usePurchasingPath(): (path: string) => string {
  const { branchCode } = useBranch();
  return (path: string) => branchPath(branchCode, `inventory/${path}`);
}

/** Links between the purchase orders and the goods received lists. */
export function PurchasingNav() {
  const { t } = useTranslation();
  const path = usePurchasingPath();
  const { pathname } = useLocation();
  const links = [
    { to: path('purchases'), label: t('purchasing.nav.purchases') },
    { to: path('received'), label: t('purchasing.nav.received') },
  ];
  return (
    <Group gap="md" component="nav" aria-label={t('purchasing.title')}>
      {links.map((link) => (
        <Anchor
          key={link.to}
          component={Link}
          to={link.to}
          aria-current={pathname === link.to ? 'page' : undefined}
          fw={pathname === link.to ? 700 : 400}
        >
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
