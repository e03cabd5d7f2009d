import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { TextKey } from '../../i18n/index.ts';
import '../../i18n/patient-area/index.ts';

/** The tabs of the patient shell, by the first part of their address (doc 2 section 2.1). */
export const PATIENT_TABS = [
  { path: 'medical-records', title: 'record.tabs.medicalRecords' },
  { path: 'allergies', title: 'record.tabs.allergies' },
  { path: 'lab', title: 'record.tabs.lab' },
  { path: 'health-plan', title: 'record.tabs.healthPlan' },
  { path: 'referral', title: 'record.tabs.referral' },
  { path: 'invoices', title: 'record.tabs.invoices' },
  { path: 'payments', title: 'record.tabs.payments' },
  { path: 'vaccinations', title: 'record.tabs.vaccinations' },
  { path: 'consentList', title: 'record.tabs.consentList' },
  { path: 'e-documents', title: 'record.tabs.eDocuments' },
  { path: 'operation', title: 'record.tabs.operation' },
  { path: 'pharmacies', title: 'record.tabs.pharmacies' },
  { path: 'personal', title: 'record.tabs.personal' },
] as const satisfies ReadonlyArray<{ path: string; title: TextKey }>;

/** Which tab an address under the patient is on: detail pages belong to their list's tab. */
export function tabOf(rest: string): string {
  const first = rest.split('/')[0] ?? '';
  if (first === 'health-plan-detail') return 'health-plan';
  if (first === 'lab-detail' || first === 'care-report-detail') return 'lab';
  return first || 'medical-records';
}

/**
 * The record's sections as a row of links (each its own address, so a tab can be opened
 * in a new browser tab or bookmarked); the current one is marked `aria-current`. Wraps on
 * narrow screens rather than scrolling sideways.
 */
export function PatientTabs({ base }: { base: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const rest = location.pathname.startsWith(`${base}/`)
    ? location.pathname.slice(base.length + 1)
    : '';
  const current = tabOf(rest);
  return (
    <Group component="nav" aria-label={t('record.tabs.label')} gap={4} data-testid="patient-tabs">
      {PATIENT_TABS.map((tab) => {
        const active = tab.path === current;
        return (
          <Button
            key={tab.path}
            component={Link}
            to={`${base}/${tab.path}`}
            size="compact-sm"
            variant={active ? 'filled' : 'subtle'}
            aria-current={active ? 'page' : undefined}
          >
            {t(tab.title)}
          </Button>
        );
      })}
    </Group>
  );
}
