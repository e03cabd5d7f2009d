import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Permission } from '@clinic/domain';
import type { TextKey } from '../../i18n/index.ts';
import { useConsoleCan } from './console-permissions.ts';
import '../../i18n/catalogs/index.ts';

/** The console's catalog pages and settings pages (prescription lists, tax), in one row of links. */
export const CATALOG_LINKS = [
  { path: '/console/catalogs/medications', title: 'catalog.pages.medications' },
  { path: '/console/catalogs/serviceItem', title: 'catalog.pages.serviceItem' },
  { path: '/console/catalogs/vaccinations', title: 'catalog.pages.vaccinations' },
  { path: '/console/catalogs/vaccinePlans', title: 'catalog.pages.vaccinePlans' },
  { path: '/console/catalogs/whitelistDrug', title: 'catalog.pages.whitelistDrug' },
  { path: '/console/settings/unit-measurement', title: 'catalog.pages.unitMeasurement' },
  { path: '/console/settings/inventory/consume-method', title: 'catalog.pages.consumeMethod' },
  { path: '/console/settings/inventory/frequency', title: 'catalog.pages.frequency' },
  { path: '/console/settings/inventory/indication', title: 'catalog.pages.indication' },
  { path: '/console/settings/inventory/precaution', title: 'catalog.pages.precaution' },
  // settings/sales/tax (doc 3 section 2.2): shown to whoever may read the tax options.
  {
    path: '/console/settings/sales/tax',
    title: 'catalog.pages.salesTax',
    permission: 'billingSettings:read',
  },
] as const satisfies ReadonlyArray<{ path: string; title: TextKey; permission?: Permission }>;

export function CatalogNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mayReadTax = useConsoleCan('billingSettings:read');
  const links = CATALOG_LINKS.filter((link) => !('permission' in link) || mayReadTax);
  return (
    <nav aria-label={t('catalog.navLabel')}>
      <Group gap={6}>
        {links.map((link) => {
          const current = pathname === link.path;
          return (
            <Button
              key={link.path}
              component={Link}
              to={link.path}
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

/** A catalog page the user's roles do not open (the server would refuse its calls). */
export function NotAllowed({ title, message }: { title: string; message?: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <CatalogNav />
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="gray" role="alert">
        {message ?? t('catalog.notAllowed')}
      </Alert>
    </Stack>
  );
}
