import { avatarInitials, UserType } from '@clinic/domain';
import {
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconLogout,
  IconSitemap,
  IconUpload,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { signOutAndLeave } from '../../app/sign-out.ts';
import { usePermissions } from '../../app/permissions.tsx';
import type { Session } from '../../api/session.ts';
import { SITE_MAP, mayOpen } from './navigation.ts';

/** The current path with another branch code in front (same page, other branch). */
function pathInBranch(pathname: string, code: string): string {
  const rest = pathname.split('/').slice(2).join('/');
  return `/${encodeURIComponent(code)}/${rest || 'queue'}`;
}

export function BranchSwitcher({ session, branchCode }: { session: Session; branchCode: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const current = session.info.branches.find((branch) => branch.code === branchCode);
  return (
    <Menu position="bottom-end" width={320}>
      <Menu.Target>
        <UnstyledButton data-testid="branch-switcher">
          <VisuallyHidden>{t('shell.switchBranch')}</VisuallyHidden>
          <Group gap={8} wrap="nowrap">
            <Badge color="gray.8" variant="filled" radius="sm" size="lg">
              {branchCode.slice(0, 5)}
            </Badge>
            <Text size="sm" fw={500} visibleFrom="md" maw={200} truncate>
              {current?.name ?? branchCode}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.branches')}</Menu.Label>
        <ScrollArea.Autosize mah={480}>
          {session.info.branches.map((branch) => (
            <Menu.Item
              key={branch.id}
              component={Link}
              to={pathInBranch(location.pathname, branch.code)}
              leftSection={
                <Avatar
                  size={28}
                  radius="sm"
                  variant="filled"
                  color={branch.code === branchCode ? 'teal.9' : 'gray.8'}
                >
                  {branch.code.slice(0, 5)}
                </Avatar>
              }
              aria-current={branch.code === branchCode ? 'true' : undefined}
            >
              {branch.name}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}

export const SITE_MAP_CLOSE_DELAY = 150;

export function SiteMapMenu({ branchCode }: { branchCode: string }) {
  const { t } = useTranslation();
  // Only the links the user's role may read in this branch; a section left empty goes.
  const permissions = usePermissions();
  const sections = SITE_MAP.map((section) => ({
    ...section,
    links: section.links.filter((link) => mayOpen(permissions, link)),
  })).filter((section) => section.links.length > 0);
  return (
    <Menu
      trigger="click-hover"
      openDelay={0}
      closeDelay={SITE_MAP_CLOSE_DELAY}
      position="bottom-end"
      width={760}
    >
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconSitemap size={18} aria-hidden />}
          visibleFrom="sm"
        >
          {t('shell.siteMap')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown p="md">
        <SimpleGrid cols={4} spacing="lg">
          {sections.map((section) => (
            <Stack key={section.title} gap={4}>
              <Text size="xs" fw={700} c="dimmed">
                {section.title}
              </Text>
              {section.links.map((link) => (
                <Menu.Item
                  key={link.name}
                  component={Link}
                  to={`/${encodeURIComponent(branchCode)}/${link.path}`}
                  target={link.newTab ? '_blank' : undefined}
                  px={6}
                  py={4}
                >
                  {t(`siteMap.${link.name}`)}
                </Menu.Item>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}

export function UserMenu({ session, branchCode }: { session: Session; branchCode: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = session.info;
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          <Avatar color="teal.9" variant="filled" radius="xl">
            {avatarInitials(user)}
          </Avatar>
          <VisuallyHidden>{t('shell.userMenu', { name: user.fullName })}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.fullName}</Menu.Label>
        <Menu.Item
          component={Link}
          to={`/${encodeURIComponent(branchCode)}/user/profile`}
          leftSection={<IconUserCircle size={16} aria-hidden />}
        >
          {t('shell.myProfile')}
        </Menu.Item>
        {user.type === UserType.administrator && (
          <Menu.Item
            component={Link}
            to={`/${encodeURIComponent(branchCode)}/importer`}
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            {t('shell.importer')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void signOutAndLeave(navigate, false)}
        >
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
