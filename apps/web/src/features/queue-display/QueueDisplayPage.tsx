import { queueDisplayApi } from '@clinic/domain';
import { Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, displayLinkApi, endSession } from '../../api/clients.ts';
import { ApiError, type HttpClient } from '../../api/http.ts';
import { RequireSession } from '../../app/guards.tsx';
import { useCan } from '../../app/permissions.tsx';
import { hasModule, useSession } from '../../api/session.ts';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { NotSubscribed } from '../shell/SectionPage.tsx';
import { Board } from './Board.tsx';
import { DisplayLinksManager } from './DisplayLinksManager.tsx';
import { useDisplayKey } from './display-key.ts';

/** Why a display link stopped working: revoked (or never valid), or expired. */
type LinkEnd = 'revoked' | 'expired';

function LinkEnded({ reason }: { reason: LinkEnd }) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" ta="center">
        <Title order={1}>
          {reason === 'expired' ? t('board.expiredTitle') : t('board.revokedTitle')}
        </Title>
        <Text size="xl">
          {reason === 'expired' ? t('board.expiredText') : t('board.revokedText')}
        </Text>
      </Stack>
    </Center>
  );
}

/** The end of a link as a refused call tells it. */
function endOf(error: unknown): LinkEnd | null {
  if (!(error instanceof ApiError) || error.status !== 401) return null;
  return error.code === 'queueDisplay.linkExpired' ? 'expired' : 'revoked';
}

/**
 * A display link's client. When a call is refused (401) or the socket closes for an ended
 * session (`askWhy`), the server is asked once more why, and `onEnd` told the answer.
 */
function linkClient(token: string, onEnd: (end: LinkEnd) => void) {
  let asking = false;
  const askWhy = (): void => {
    if (asking) return;
    asking = true;
    client.call(queueDisplayApi.identity).then(
      () => (asking = false),
      (error: unknown) => {
        asking = false;
        const end = endOf(error);
        if (end) onEnd(end);
      },
    );
  };
  const client: HttpClient = displayLinkApi(token, askWhy);
  return { client, askWhy };
}

function useLinkClient(token: string) {
  const [ended, setEnded] = useState<LinkEnd | null>(null);
  const { client, askWhy } = useMemo(() => linkClient(token, setEnded), [token]);
  return { client, ended, askWhy };
}

/**
 * Opened by a display link: no staff session, this branch's board only, on the clinic's
 * day, until the link is revoked or expires, which the board then says.
 */
function LinkedBoard({ token }: { token: string }) {
  const { client, ended, askWhy } = useLinkClient(token);
  const identity = useQuery({
    queryKey: ['display-identity', token],
    queryFn: () => client.call(queueDisplayApi.identity),
    retry: false,
  });
  const reason = ended ?? endOf(identity.error);
  if (reason) return <LinkEnded reason={reason} />;
  if (!identity.data) return null;
  const { branchId, clinicName, branchName, timezoneOffset } = identity.data;
  return (
    <Board
      source={{ client, branchId, token, timezoneOffset, onSessionEnded: askWhy }}
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
  const { branchCode = '' } = useParams();
  const key = useDisplayKey(branchCode);
  if (key) return <LinkedBoard token={key} />;
  return (
    <RequireSession>
      <StaffBoard />
    </RequireSession>
  );
}
