import {
  AppShell,
  Avatar,
  Badge,
  Card,
  Group,
  Menu,
  NavLink,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { avatarInitials } from '@clinic/domain';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { signOutAndLeave } from '../../app/sign-out.ts';
import { useSession } from '../../api/session.ts';
import { ComingSoonPage } from '../shell/ComingSoonPage.tsx';
import { ForcePasswordDialog } from '../shell/ForcePasswordDialog.tsx';
import { InactivityDialog } from '../shell/InactivityDialog.tsx';
import { ModuleGate } from '../shell/ModuleGate.tsx';

/** Console sections (doc 3 section 2.2) with the tenant module that gates each. */
export const CONSOLE_SECTIONS = [
  { path: 'tenant', title: 'console.tenant', module: null },
  { path: 'branches', title: 'console.branches', module: 'branches' },
  { path: 'user-management', title: 'console.users', module: 'user' },
  { path: 'user-role', title: 'console.roles', module: 'role' },
  { path: 'catalogs/medications', title: 'console.catalogs', module: null },
  { path: 'insurance/plans', title: 'console.insurance', module: 'insurance' },
  { path: 'member', title: 'console.members', module: 'member' },
  { path: 'settings', title: 'console.settings', module: 'settings' },
  { path: 'auditTrial', title: 'console.audit', module: 'auditTrial' },
  { path: 'lab/items', title: 'console.lab', module: 'lab' },
] as const;

export function ConsoleLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!session) return null;
  const { user, tenant } = session.info;
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Text fw={700} c="teal.9" size="lg">
              {t('app.name')}
            </Text>
            <Badge color="accent.9" variant="filled">
              {t('console.badge')}
            </Badge>
          </Group>
          <Menu position="bottom-end">
            <Menu.Target>
              <UnstyledButton>
                <Group gap={8}>
                  <Text size="sm">{tenant.clinicName}</Text>
                  <Avatar color="teal.9" variant="filled" radius="xl">
                    {avatarInitials(user.fullName)}
                  </Avatar>
                  <VisuallyHidden>{t('shell.userMenu', { name: user.fullName })}</VisuallyHidden>
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{user.fullName}</Menu.Label>
              <Menu.Item
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => void signOutAndLeave(navigate, true)}
              >
                {t('shell.logout')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('shell.navigation')}>
        {CONSOLE_SECTIONS.map((section) => {
          const link = (
            <NavLink
              key={section.path}
              component={Link}
              to={`/console/${section.path}`}
              label={t(section.title)}
              active={location.pathname.startsWith(`/console/${section.path}`)}
              variant="filled"
            />
          );
          return section.module ? (
            <ModuleGate key={section.path} module={section.module}>
              {link}
            </ModuleGate>
          ) : (
            link
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
      <InactivityDialog portal />
      <ForcePasswordDialog session={session} keepOn="/console/tenant" home="/console/tenant" />
    </AppShell>
  );
}

/** console/tenant: the clinic's own facts and the console's sections. */
export function TenantInfoPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const { tenant } = session.info;
  // Doc 3's date format, on the clinic's clock: 'Trial ends on 23/Dec/2026'.
  const trialEnds = tenant.trialEndsAt
    ? formatClinicInstant(tenant.trialEndsAt, tenant.timezoneOffset, DATE_FORMATS.document)
    : null;
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        {tenant.clinicName}
      </Title>
      <Group>
        <Badge color={tenant.status === 'trial' ? 'accent.9' : 'teal.9'}>
          {t(`console.status.${tenant.status}`)}
        </Badge>
        <Text c="dimmed">{t('console.subdomain', { subdomain: tenant.subdomain })}</Text>
        {trialEnds && <Text c="dimmed">{t('console.trialEnds', { date: trialEnds })}</Text>}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {CONSOLE_SECTIONS.filter((s) => s.path !== 'tenant').map((section) => (
          <Card key={section.path} withBorder component={Link} to={`/console/${section.path}`}>
            <Text fw={600}>{t(section.title)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function ConsoleComingSoon() {
  const { t } = useTranslation();
  const { '*': rest = '' } = useParams();
  const section = CONSOLE_SECTIONS.find((s) => rest.startsWith(s.path.split('/')[0] ?? ''));
  return (
    <ComingSoonPage
      title={section ? t(section.title) : t('console.title')}
      backTo="/console/tenant"
    />
  );
}
