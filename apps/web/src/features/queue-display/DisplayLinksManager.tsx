import { queueDisplayApi, type DisplayLink, type IssuedDisplayLink } from '@clinic/domain';
import { Alert, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/clients.ts';
import { Can } from '../../app/permissions.tsx';
import { dialogs } from '../../components/dialogs.tsx';

/**
 * A role with displayLinks:create (administrators) issues a long-lived, read-only link per
 * TV: it opens this branch's board without a staff sign-in (and so without a staff
 * member's inactivity time-out); displayLinks:delete revokes it.
 */
export function DisplayLinksManager() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<IssuedDisplayLink | null>(null);
  const links = useQuery({
    queryKey: ['display-links'],
    queryFn: () =>
      api()
        .call(queueDisplayApi.links)
        .then((d) => d.items),
  });
  const create = useMutation({
    mutationFn: () => api().call(queueDisplayApi.issueLink, { body: { name } }),
    onSuccess: (link) => {
      setIssued(link);
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['display-links'] });
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
  const address = issued ? `${window.location.origin}${issued.path}` : '';

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('board.links')}
      </Title>
      <Can permission="displayLinks:create">
        <Group align="end">
          <TextInput
            label={t('board.linkName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            placeholder={t('board.linkNameHint')}
          />
          <Button
            onClick={() => create.mutate()}
            disabled={!name.trim()}
            loading={create.isPending}
          >
            {t('board.issue')}
          </Button>
        </Group>
      </Can>
      {issued && (
        <Alert color="teal" title={t('board.issued')}>
          <Text size="sm">{t('board.issuedText')}</Text>
          <Code block data-testid="display-link-address">
            {address}
          </Code>
        </Alert>
      )}
      {(links.data ?? [])
        .filter((link) => link.revokedAt === null)
        .map((link) => (
          <Group key={link.id} justify="space-between">
            <Text>{link.name}</Text>
            <Can permission="displayLinks:delete">
              <Button size="xs" color="red" variant="outline" onClick={() => void revoke(link)}>
                {t('board.revoke')}
              </Button>
            </Can>
          </Group>
        ))}
    </Stack>
  );
}
