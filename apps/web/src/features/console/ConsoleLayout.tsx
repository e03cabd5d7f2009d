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
import { CONSOLE_PAGES } from '../../app/sections.ts';
import { AppFrame } from '../../components/AppFrame.tsx';
import { ComingSoonPage } from '../shell/ComingSoonPage.tsx';
import { ForcePasswordDialog } from '../shell/ForcePasswordDialog.tsx';
import { InactivityGuard } from '../shell/InactivityDialog.tsx';
import { ModuleGate } from '../shell/ModuleGate.tsx';
import { ConsoleRefused, ConsoleSectionRefused } from './ConsoleRefused.tsx';

/** Each console page's title (the pages and their modules: `CONSOLE_PAGES`, doc 3 section 2.2). */
const CONSOLE_TITLES = {
  tenant: 'console.tenant',
  branches: 'console.branches',
  'user-management': 'console.users',
  'user-role': 'console.roles',
  'catalogs/medications': 'console.catalogs',
  'insurance/plans': 'console.insurance',
  member: 'console.members',
  settings: 'console.settings',
  auditTrial: 'console.audit',
  'lab/items': 'console.lab',
} as const satisfies Record<(typeof CONSOLE_PAGES)[number]['path'], string>;

/** Console sections with the tenant module that gates each, in the navigation's order. */
export const CONSOLE_SECTIONS = CONSOLE_PAGES.map((page) => ({
  ...page,
  title: CONSOLE_TITLES[page.path],
}));

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
        // A section's pages share its first segment (catalogs/medications, catalogs/serviceItem).
        const active = location.pathname.startsWith(`/console/${section.path.split('/')[0]}`);
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
