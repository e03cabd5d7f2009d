import {
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
import { UserType, avatarInitials, mayUseConsole } from '@clinic/domain';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { signOutAndLeave } from '../../app/sign-out.ts';
import { useSession } from '../../api/session.ts';
import { AppFrame } from '../../components/AppFrame.tsx';
import { ComingSoonPage } from '../shell/ComingSoonPage.tsx';
import { ForcePasswordDialog } from '../shell/ForcePasswordDialog.tsx';
import { InactivityGuard } from '../shell/InactivityDialog.tsx';
import { ModuleGate } from '../shell/ModuleGate.tsx';
import { ConsoleRefused, ConsoleSectionRefused } from './ConsoleRefused.tsx';

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

type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

/** The sections a user type opens: the catalog user only the catalogs (doc 1 section 2.7). */
export function consoleSectionsFor(type: string): readonly ConsoleSection[] {
  return type === UserType.tenantCatalog
    ? CONSOLE_SECTIONS.filter((section) => section.path.startsWith('catalogs/'))
    : CONSOLE_SECTIONS;
}

/** The console's sections the clinic bought, as links. */
function ConsoleNav({ userType, onNavigate }: { userType: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav aria-label={t('shell.navigation')}>
      {consoleSectionsFor(userType).map((section) => {
        const active = location.pathname.startsWith(`/console/${section.path}`);
        const link = (
          <NavLink
            key={section.path}
            component={Link}
            to={`/console/${section.path}`}
            label={t(section.title)}
            active={active}
            aria-current={active ? 'page' : undefined}
            // In the drawer, focus starts on the page the user is on.
            data-autofocus={active || undefined}
            onClick={onNavigate}
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
    </nav>
  );
}

export function ConsoleLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  if (!session) return null;
  const { user, tenant } = session.info;
  if (!mayUseConsole(user.type)) return <ConsoleRefused session={session} />;
  return (
    <>
      <AppFrame
        navWidth={240}
        brand={
          <>
            <Text fw={700} c="teal.9" size="lg">
              {t('app.name')}
            </Text>
            <Badge color="accent.9" variant="filled">
              {t('console.badge')}
            </Badge>
          </>
        }
        actions={
          <Menu position="bottom-end">
            <Menu.Target>
              <UnstyledButton>
                <Group gap={8} wrap="nowrap">
                  <Text size="sm" visibleFrom="sm">
                    {tenant.clinicName}
                  </Text>
                  <Avatar color="teal.9" variant="filled" radius="xl">
                    {avatarInitials(user)}
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
        }
        nav={(onNavigate) => <ConsoleNav userType={user.type} onNavigate={onNavigate} />}
      >
        <InactivityGuard portal>
          <Outlet />
        </InactivityGuard>
      </AppFrame>
      <ForcePasswordDialog session={session} keepOn="/console/tenant" home="/console/tenant" />
    </>
  );
}

/** console/tenant: the clinic's own facts and the console's sections. */
export function TenantInfoPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const { tenant, user } = session.info;
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
        {consoleSectionsFor(user.type)
          .filter((s) => s.path !== 'tenant')
          .map((section) => (
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
  const session = useSession();
  const { '*': rest = '' } = useParams();
  const section = CONSOLE_SECTIONS.find((s) => rest.startsWith(s.path.split('/')[0] ?? ''));
  const type = session?.info.user.type ?? '';
  if (section && !consoleSectionsFor(type).includes(section)) return <ConsoleSectionRefused />;
  return (
    <ComingSoonPage
      title={section ? t(section.title) : t('console.title')}
      backTo="/console/tenant"
    />
  );
}
