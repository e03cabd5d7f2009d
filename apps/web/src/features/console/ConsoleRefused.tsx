import { Alert, Anchor, Button, Center, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signOutAndLeave } from '../../app/sign-out.ts';
import type { Session } from '../../api/session.ts';

/**
 * What a signed-in user who may not use the console sees at a console address (the
 * server refuses them at the console sign-in and on console routes too): a staff session
 * goes back to its clinic; any other signs out to the staff sign-in.
 */
export function ConsoleRefused({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="80vh" p="md">
      <Stack maw={520}>
        <Title order={1} size="h2">
          {t('console.title')}
        </Title>
        <Alert color="red" role="alert">
          {t('console.refused')}
        </Alert>
        {session.kind === 'clinic' ? (
          <Anchor component={Link} to="/">
            {t('console.backToClinic')}
          </Anchor>
        ) : (
          <Button onClick={() => void signOutAndLeave(navigate, false)}>
            {t('console.toStaffSignIn')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

/** A console section the user's type does not open (the catalog user's other sections). */
export function ConsoleSectionRefused() {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" maw={640}>
      {t('console.sectionRefused')}
    </Alert>
  );
}
