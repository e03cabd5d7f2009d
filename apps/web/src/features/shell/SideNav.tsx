import { NavLink, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePermissions } from '../../app/permissions.tsx';
import { currentPatientPath } from '../../app/current-patient.ts';
import { ModuleGate } from './ModuleGate.tsx';
import { SIDE_NAV, mayOpen, type Section } from './navigation.ts';

/** Current Patient opens the patient last worked on in this branch, else the empty-patient page. */
function targetOf(section: Section, branchCode: string): string {
  return section.path === 'patients' ? currentPatientPath(branchCode) : section.path;
}

export function SideNav({
  branchCode,
  onNavigate,
}: {
  branchCode: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const base = `/${encodeURIComponent(branchCode)}`;
  // Sections the clinic bought (ModuleGate) that the user's role may read here.
  const permissions = usePermissions();
  return (
    <ScrollArea component="nav" aria-label={t('shell.navigation')} h="100%">
      {SIDE_NAV.filter((section) => mayOpen(permissions, section)).map((section) => {
        const active = location.pathname.startsWith(`${base}/${section.path}`);
        const Icon = section.icon;
        return (
          <ModuleGate key={section.path} module={section.module}>
            <NavLink
              component={Link}
              to={`${base}/${targetOf(section, branchCode)}`}
              label={t(section.title)}
              leftSection={<Icon size={20} aria-hidden />}
              active={active}
              aria-current={active ? 'page' : undefined}
              // In the drawer, focus starts on the page the user is on.
              data-autofocus={active || undefined}
              onClick={onNavigate}
              variant="filled"
            />
          </ModuleGate>
        );
      })}
    </ScrollArea>
  );
}
