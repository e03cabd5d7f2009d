import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { TextKey } from '../../i18n/index.ts';
import '../../i18n/catalogs/index.ts';

/** The console's catalog pages and the prescription settings lists, in one row of links. */
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
] as const satisfies ReadonlyArray<{ path: string; title: TextKey }>;

export function CatalogNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('catalog.navLabel')}>
      <Group gap={6}>
        {CATALOG_LINKS.map((link) => {
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
export function NotAllowed({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <CatalogNav />
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="gray" role="alert">
        {t('catalog.notAllowed')}
      </Alert>
    </Stack>
  );
}
