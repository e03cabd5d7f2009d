import { queueDisplayApi } from '@clinic/domain';
import { Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { api, displayLinkApi, endSession } from '../../api/clients.ts';
import { RequireSession } from '../../app/guards.tsx';
import { useCan } from '../../app/permissions.tsx';
import { hasModule, useSession } from '../../api/session.ts';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { NotSubscribed } from '../shell/SectionPage.tsx';
import { Board } from './Board.tsx';
import { DisplayLinksManager } from './DisplayLinksManager.tsx';

function LinkRevoked() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <Title order={1}>{t('board.revokedTitle')}</Title>
        <Text>{t('board.revokedText')}</Text>
      </Stack>
    </Center>
  );
}

/**
 * Opened by a display link (`?key=`): no staff session, this branch's board only, on the
 * clinic's day. A 401 answer or the socket closed for an ended session: the link was revoked.
 */
function LinkedBoard({ token }: { token: string }) {
  const [revoked, setRevoked] = useState(false);
  const client = useMemo(() => displayLinkApi(token, () => setRevoked(true)), [token]);
  const identity = useQuery({
    queryKey: ['display-identity', token],
    queryFn: () => client.call(queueDisplayApi.identity),
    retry: false,
  });
  if (revoked) return <LinkRevoked />;
  if (!identity.data) return null;
  const { branchId, clinicName, branchName, timezoneOffset } = identity.data;
  const onSessionEnded = () => setRevoked(true);
  return (
    <Board
      source={{ client, branchId, token, timezoneOffset, onSessionEnded }}
      title={`${clinicName} · ${branchName}`}
    />
  );
}

/** Opened from the queue screen by a signed-in staff member; an ended session ends as a 401. */
function StaffBoard() {
  const session = useSession();
  const { branchCode = '' } = useParams();
  const branch = session?.info.branches.find((b) => b.code === branchCode);
  // Display links are issued and revoked by a role with displayLinks:* (administrators).
  const managesLinks = useCan('displayLinks:read');
  if (!session) return null;
  if (!branch) return <NotFoundPage />;
  if (!hasModule(session, 'queue')) return <NotSubscribed module="queue" />;
  return (
    <Board
      source={{
        client: api(),
        branchId: branch.id,
        token: session.info.token,
        timezoneOffset: session.info.tenant.timezoneOffset,
        onSessionEnded: () => endSession(session.info.token),
      }}
      title={`${session.info.tenant.clinicName} · ${branch.name}`}
      setUpExtra={managesLinks ? <DisplayLinksManager /> : undefined}
    />
  );
}

/** /{branchCode}/queue-display: the waiting-room board. */
export function QueueDisplayPage() {
  const [params] = useSearchParams();
  const key = params.get('key');
  if (key) return <LinkedBoard token={key} />;
  return (
    <RequireSession>
      <StaffBoard />
    </RequireSession>
  );
}
