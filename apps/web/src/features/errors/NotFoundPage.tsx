import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { defaultBranchCode, useSession } from '../../api/session.ts';

/** 'Sorry but we could not find the page.', with a link back to the console or the branch dashboard. */
export function NotFoundPage({ standalone = true }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const home = !session
    ? { to: '/auth/login', label: t('notFound.toLogin') }
    : session.kind === 'tenant'
      ? { to: '/console', label: t('notFound.toConsole') }
      : {
          to: `/${encodeURIComponent(defaultBranchCode(session))}/dashboard`,
          label: t('notFound.toDashboard'),
        };
  return (
    <Center component={standalone ? 'main' : 'section'} mih="70vh">
      <Stack align="center">
        {/* Dimmed grey at 4.5:1 and more on the page (Mantine's gray.5 was 2.07:1). */}
        <Title order={1} size={64} c="dimmed">
          404
        </Title>
        <Text size="lg">{t('notFound.text')}</Text>
        <Anchor component={Link} to={home.to}>
          {home.label}
        </Anchor>
      </Stack>
    </Center>
  );
}
