import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { TextKey } from '../../i18n/index.ts';
import '../../i18n/billing-settings/index.ts';

/** The branch settings' sales pages (doc 1 section 2.5), under /{branchCode}/setting. */
export const SALES_SETTINGS_LINKS = [
  { path: 'setting/sales/tax', title: 'billingSettings.pages.tax' },
  { path: 'setting/sales/payment-method', title: 'billingSettings.pages.paymentMethods' },
  { path: 'setting/sales/subsidies', title: 'billingSettings.pages.subsidies' },
] as const satisfies ReadonlyArray<{ path: string; title: TextKey }>;

export function SalesSettingsNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { branchCode = '' } = useParams();
  return (
    <nav aria-label={t('billingSettings.navLabel')}>
      <Group gap={6}>
        {SALES_SETTINGS_LINKS.map((link) => {
          const to = `/${encodeURIComponent(branchCode)}/${link.path}`;
          const current = pathname === to;
          return (
            <Button
              key={link.path}
              component={Link}
              to={to}
              size="compact-sm"
              variant={current ? 'filled' : 'default'}
              aria-current={current ? 'page' : undefined}
            >
              {t(link.title)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
