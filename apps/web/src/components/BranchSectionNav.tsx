import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { TextKey } from '../i18n/index.ts';

export interface BranchSectionLink {
  /** The page's path under /{branchCode}. */
  path: string;
  title: TextKey;
}

/** A row of links between the pages of one branch settings area; the current one filled. */
export function BranchSectionNav({
  label,
  links,
}: {
  label: TextKey;
  links: readonly BranchSectionLink[];
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { branchCode = '' } = useParams();
  return (
    <nav aria-label={t(label)}>
      <Group gap={6}>
        {links.map((link) => {
          const to = `/${encodeURIComponent(branchCode)}/${link.path}`;
          const current = pathname === to;
          return (
            <Button
              key={link.path}
              component={Link}
              to={to}
              size="compact-sm"
              variant={current ? 'filled' : 'default'}
              aria-current={current ? 'page' : undefined}
            >
              {t(link.title)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
