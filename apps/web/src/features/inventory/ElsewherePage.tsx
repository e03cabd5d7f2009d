import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ReactNode } from 'react';
import { InventoryNav, useInventoryPath } from './parts.tsx';
import '../../i18n/inventory/index.ts';

/** Inventory pages that other parts of issue 12 build (purchasing, counts). */
const LATER_PAGES = {
  purchases: 'inventory.later.purchases',
  received: 'inventory.later.received',
  requisition: 'inventory.later.requisition',
  stockTally: 'inventory.later.stockTally',
} as const;

/**
 * `inventory/*`: purchases, received goods, requisitions and the stock tally say plainly
 * that their pages come with their own part of the work (their routes replace this once
 * merged); any other address is the app's 404 (`notFound`, its own chunk).
 */
export function InventoryElsewherePage({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation();
  const { '*': rest = '' } = useParams();
  const pathOf = useInventoryPath();
  const first = rest.split('/')[0] ?? '';
  if (!(first in LATER_PAGES)) return <>{notFound}</>;
  const title = t(LATER_PAGES[first as keyof typeof LATER_PAGES]);
  return (
    <Stack>
      <InventoryNav />
      <Center mih="40vh">
        <Stack align="center" maw={520}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" ta="center">
            {t('inventory.later.text')}
          </Text>
          <Button component={Link} to={pathOf('items')}>
            {t('inventory.later.toItems')}
          </Button>
        </Stack>
      </Center>
    </Stack>
  );
}
