import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { currentBranchQuery } from '../../app/permissions.tsx';
import { useSession } from '../../api/session.ts';
import { AppFrame } from '../../components/AppFrame.tsx';
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
  const branch = session?.info.branches.find((b) => b.code === branchCode);

  // The branch's own facts (currency, printer) and the user's permissions there, fetched
  // again for each branch, on window focus and after a 403 (app/permissions.tsx).
  useQuery(currentBranchQuery(branch?.id));

  if (!session) return null;
  if (!branch) return <NotFoundPage />;

  return (
    <>
      <AppFrame
        navWidth={NAV_WIDTH}
        brand={
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
        }
        actions={
          <>
            <SiteMapMenu branchCode={branchCode} />
            <BranchSwitcher session={session} branchCode={branchCode} />
            <UserMenu session={session} branchCode={branchCode} />
          </>
        }
        nav={(onNavigate) => <SideNav branchCode={branchCode} onNavigate={onNavigate} />}
      >
        <InactivityGuard>
          <Outlet />
        </InactivityGuard>
      </AppFrame>
      <ForcePasswordDialog
        session={session}
        keepOn={`/${encodeURIComponent(branchCode)}/user/profile`}
        home={`/${encodeURIComponent(branchCode)}/queue`}
      />
    </>
  );
}
