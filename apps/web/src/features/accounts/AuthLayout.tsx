import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of the signed-out pages: product name, a card, and footer links. */
export function AuthLayout({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box component="main" mih="100vh" bg="gray.0" py={48}>
      <Center>
        <Stack w={440} maw="92vw" gap="md">
          <Text fw={700} c="teal.9" size="lg" ta="center">
            {t('app.name')}
          </Text>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Title order={1} size="h3" mb="md">
              {title}
            </Title>
            {children}
          </Paper>
          {footer && (
            <Text size="sm" ta="center" c="dimmed">
              {footer}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}

export { Anchor };
