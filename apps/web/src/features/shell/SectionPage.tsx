import { Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasModule, useSession } from '../../api/session.ts';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { ComingSoonPage } from './ComingSoonPage.tsx';
import { sectionOf } from './navigation.ts';

/** A route of a module the clinic has not bought: an empty placeholder with a short notice. */
export function NotSubscribed({ module }: { module: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" data-module-placeholder={module}>
      <Stack align="center" gap={4}>
        <Title order={1} size="h3">
          {t('notSubscribed.title')}
        </Title>
        <Text c="dimmed">{t('notSubscribed.text')}</Text>
      </Stack>
    </Center>
  );
}

/** Gates a built route by its module. */
export function SectionGate({ module, children }: { module: string; children: ReactNode }) {
  const session = useSession();
  return hasModule(session, module) ? <>{children}</> : <NotSubscribed module={module} />;
}

/** Any other path in the shell: a planned section shows 'coming soon'; anything else is a 404. */
export function SectionPage() {
  const { t } = useTranslation();
  const { branchCode = '', '*': rest = '' } = useParams();
  const section = sectionOf(rest);
  if (!section) return <NotFoundPage standalone={false} />;
  return (
    <SectionGate module={section.module}>
      <ComingSoonPage
        title={t(section.title)}
        backTo={`/${encodeURIComponent(branchCode)}/queue`}
      />
    </SectionGate>
  );
}
