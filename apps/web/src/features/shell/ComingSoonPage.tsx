import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where links to parts not built yet lead: inside the shell, never a crash. */
export function ComingSoonPage({ title, backTo }: { title: string; backTo: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" maw={480}>
        <ThemeIcon size={56} radius="xl" variant="light" color="accent">
          <IconTools size={30} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {t('comingSoon.text')}
        </Text>
        <Button component={Link} to={backTo}>
          {t('comingSoon.back')}
        </Button>
      </Stack>
    </Center>
  );
}
