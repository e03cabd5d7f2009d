import { queueDisplayApi, type DisplayLink, type IssuedDisplayLink } from '@clinic/domain';
import { Alert, Button, Code, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/clients.ts';
import { clinicDayStart, clinicToday, nowUnix, useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { Can } from '../../app/permissions.tsx';
import { dialogs } from '../../components/dialogs.tsx';
import { LazyDateField } from '../../components/LazyDateField.tsx';

const DAY = 24 * 60 * 60;

/** How long a new link works: for good, some days from now, or through a chosen date. */
type Lifetime = 'never' | '1' | '7' | '30' | 'date';

/** The expiry (unix seconds) of a lifetime; undefined while a chosen date is missing. */
function expiryOf(
  lifetime: Lifetime,
  lastDay: string | null,
  offset: number,
): number | null | undefined {
  if (lifetime === 'never') return null;
  if (lifetime !== 'date') return nowUnix() + Number(lifetime) * DAY;
  const start = lastDay ? clinicDayStart(lastDay, offset) : null;
  // The link works through its last day, on the clinic's clock.
  return start === null ? undefined : start + DAY;
}

const isExpired = (link: DisplayLink) => link.expiresAt !== null && link.expiresAt <= nowUnix();

/** 'Never expires', 'Expires 24 Dec 2026 09:00' or 'Expired 24 Dec 2026 09:00'. */
function ExpiryText({ link, offset }: { link: DisplayLink; offset: number }) {
  const { t } = useTranslation();
  if (link.expiresAt === null) return <Text size="sm">{t('board.neverExpires')}</Text>;
  const when = formatClinicInstant(
    link.expiresAt,
    offset,
    `${DATE_FORMATS.picker} ${DATE_FORMATS.time}`,
  );
  return isExpired(link) ? (
    <Text size="sm" c="red.8">
      {t('board.expired', { when })}
    </Text>
  ) : (
    <Text size="sm">{t('board.expires', { when })}</Text>
  );
}

/**
 * A role with displayLinks:create (administrators) issues a read-only link per TV, working
 * for good or until an expiry: it opens this branch's board without a staff sign-in (and so
 * without a staff member's inactivity time-out). The same role rotates a link's key (the
 * old one stops at once); displayLinks:delete revokes it.
 */
export function DisplayLinksManager() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const offset = useClinicOffset();
  const [name, setName] = useState('');
  const [lifetime, setLifetime] = useState<Lifetime>('never');
  const [lastDay, setLastDay] = useState<string | null>(null);
  const [issued, setIssued] = useState<IssuedDisplayLink | null>(null);
  const links = useQuery({
    queryKey: ['display-links'],
    queryFn: () =>
      api()
        .call(queueDisplayApi.links)
        .then((d) => d.items),
  });
  const expiresAt = expiryOf(lifetime, lastDay, offset);
  const shown = (link: IssuedDisplayLink) => {
    setIssued(link);
    void queryClient.invalidateQueries({ queryKey: ['display-links'] });
  };
  const create = useMutation({
    mutationFn: () => api().call(queueDisplayApi.issueLink, { body: { name, expiresAt } }),
    onSuccess: (link) => {
      shown(link);
      setName('');
    },
    onError: (error) => void dialogs.alert(error.message),
  });
  const revoke = async (link: DisplayLink) => {
    const { confirmed } = await dialogs.confirm({
      title: t('board.revokeTitle'),
      message: t('board.revokeText', { name: link.name }),
    });
    if (!confirmed) return;
    await api().call(queueDisplayApi.revokeLink, { params: { id: link.id } });
    await queryClient.invalidateQueries({ queryKey: ['display-links'] });
  };
  const rotate = async (link: DisplayLink) => {
    const { confirmed } = await dialogs.confirm({
      title: t('board.rotateTitle'),
      message: t('board.rotateText', { name: link.name }),
    });
    if (!confirmed) return;
    try {
      shown(await api().call(queueDisplayApi.rotateLink, { params: { id: link.id } }));
    } catch (error) {
      await dialogs.alert((error as Error).message);
    }
  };
  const address = issued ? `${window.location.origin}${issued.path}` : '';
  const lifetimes = [
    { value: 'never', label: t('board.lifetimeNever') },
    { value: '1', label: t('board.lifetimeDay') },
    { value: '7', label: t('board.lifetimeDays', { count: 7 }) },
    { value: '30', label: t('board.lifetimeDays', { count: 30 }) },
    { value: 'date', label: t('board.lifetimeDate') },
  ];

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('board.links')}
      </Title>
      <Can permission="displayLinks:create">
        <Stack gap="xs">
          <TextInput
            label={t('board.linkName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            placeholder={t('board.linkNameHint')}
          />
          <Select
            label={t('board.lifetime')}
            data={lifetimes}
            value={lifetime}
            onChange={(value) => setLifetime((value as Lifetime | null) ?? 'never')}
            allowDeselect={false}
          />
          {lifetime === 'date' && (
            <LazyDateField
              label={t('board.lastDay')}
              value={lastDay}
              onChange={setLastDay}
              minDate={clinicToday(offset)}
            />
          )}
          <Group>
            <Button
              onClick={() => create.mutate()}
              disabled={!name.trim() || expiresAt === undefined}
              loading={create.isPending}
            >
              {t('board.issue')}
            </Button>
          </Group>
        </Stack>
      </Can>
      {issued && (
        <Alert color="teal" title={t('board.issued')}>
          <Text size="sm">{t('board.issuedText')}</Text>
          <Code
            block
            data-testid="display-link-address"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {address}
          </Code>
        </Alert>
      )}
      {(links.data ?? [])
        .filter((link) => link.revokedAt === null)
        .map((link) => (
          <Group key={link.id} justify="space-between" wrap="nowrap" data-testid="display-link">
            <Stack gap={0} miw={0}>
              <Text fw={500}>{link.name}</Text>
              <ExpiryText link={link} offset={offset} />
            </Stack>
            <Group gap="xs" wrap="nowrap">
              {!isExpired(link) && (
                <Can permission="displayLinks:create">
                  <Button size="xs" variant="outline" onClick={() => void rotate(link)}>
                    {t('board.rotate')}
                  </Button>
                </Can>
              )}
              <Can permission="displayLinks:delete">
                <Button size="xs" color="red" variant="outline" onClick={() => void revoke(link)}>
                  {t('board.revoke')}
                </Button>
              </Can>
            </Group>
          </Group>
        ))}
    </Stack>
  );
}
