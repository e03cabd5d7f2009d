import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CatalogNav, NotAllowed } from '../catalogs/CatalogNav.tsx';
import { useConsoleCan } from '../catalogs/console-permissions.ts';
import { TaxOptionsPage } from './TaxOptionsPage.tsx';
import '../../i18n/billing-settings/index.ts';

/**
 * The console's settings/sales/tax (doc 3 section 2.2): the tax options page without a
 * branch, under the console's settings links. The server reads no BranchId then: the
 * rights are the user's roles in any branch, and today's rate is on the clinic's clock.
 */
export function ConsoleTaxPage() {
  const { t } = useTranslation();
  const mayRead = useConsoleCan('billingSettings:read');
  if (!mayRead) {
    return (
      <NotAllowed
        title={t('billingSettings.pages.tax')}
        message={t('billingSettings.consoleNotAllowed')}
      />
    );
  }
  return (
    <Stack gap="md">
      <CatalogNav />
      <TaxOptionsPage where="console" />
    </Stack>
  );
}
