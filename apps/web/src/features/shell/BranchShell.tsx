import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { currentBranchQuery } from '../../app/permissions.tsx';
import { useSession } from '../../api/session.ts';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { ForcePasswordDialog } from './ForcePasswordDialog.tsx';
import { BranchSwitcher, SiteMapMenu, UserMenu } from './HeaderMenus.tsx';
import { InactivityGuard } from './InactivityDialog.tsx';
import { SideNav } from './SideNav.tsx';

export const NAV_WIDTH = 260;

/** /{branchCode}: the frame staff work in; the branch in the address is the one every call sends. */
export function BranchShell() {
  const { t } = useTranslation();
  const session = useSession();
  const { branchCode = '' } = useParams();
  const [opened, { toggle, close }] = useDisclosure(false);
  const branch = session?.info.branches.find((b) => b.code === branchCode);

  // The branch's own facts (currency, printer) and the user's permissions there, fetched
  // again for each branch, on window focus and after a 403 (app/permissions.tsx).
  useQuery(currentBranchQuery(branch?.id));

  if (!session) return null;
  if (!branch) return <NotFoundPage />;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: NAV_WIDTH, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('shell.toggleNavigation')}
            />
            <Text
              component={Link}
              to={`/${encodeURIComponent(branchCode)}/queue`}
              fw={700}
              c="teal.9"
              size="lg"
              style={{ textDecoration: 'none' }}
            >
              {t('app.name')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SiteMapMenu branchCode={branchCode} />
            <BranchSwitcher session={session} branchCode={branchCode} />
            <UserMenu session={session} branchCode={branchCode} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideNav branchCode={branchCode} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <InactivityGuard>
          <Outlet />
        </InactivityGuard>
      </AppShell.Main>
      <ForcePasswordDialog
        session={session}
        keepOn={`/${encodeURIComponent(branchCode)}/user/profile`}
        home={`/${encodeURIComponent(branchCode)}/queue`}
      />
    </AppShell>
  );
}
