import { Badge, Tabs } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasModule, useSession } from '../../api/session.ts';
import { PendingFeatureState } from './PendingFeatureState.tsx';

type QueueTab = 'queue' | 'requests' | 'review';

function CountBadge({ count }: { count: number }) {
  return (
    <Badge size="sm" variant="filled" color="gray.8" circle={count < 10}>
      {count}
    </Badge>
  );
}

/**
 * Queue list, Appointment request (module queuerequest) and New Patient Review, each with
 * its count. The last two arrive with their own features (doc 2 sections 2.12 and 2.13).
 */
export function QueueTabs({ queueCount, queueList }: { queueCount: number; queueList: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<QueueTab>('queue');
  const withRequests = hasModule(session, 'queuerequest');
  return (
    <Tabs value={tab} onChange={(value) => setTab((value as QueueTab | null) ?? 'queue')}>
      <Tabs.List>
        <Tabs.Tab value="queue" rightSection={<CountBadge count={queueCount} />}>
          {t('queue.tabs.queue')}
        </Tabs.Tab>
        {withRequests && (
          <Tabs.Tab value="requests" rightSection={<CountBadge count={0} />}>
            {t('queue.tabs.requests')}
          </Tabs.Tab>
        )}
        <Tabs.Tab value="review" rightSection={<CountBadge count={0} />}>
          {t('queue.tabs.review')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="queue" pt="sm">
        {queueList}
      </Tabs.Panel>
      {withRequests && (
        <Tabs.Panel value="requests" pt="sm">
          <PendingFeatureState title={t('queue.tabs.requests')} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="review" pt="sm">
        <PendingFeatureState title={t('queue.tabs.review')} />
      </Tabs.Panel>
    </Tabs>
  );
}
