import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconReportMedical } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate, formatClinicInstant } from '../../app/date-format.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import type { TextKey } from '../../i18n/index.ts';
import { formatConsultSpan } from './consult-format.ts';
import {
  patientIdOf,
  usePatientHeader,
  usePatientProfile,
  usePatientVisits,
  VISITS_PER_PAGE,
} from './record-api.ts';
import '../../i18n/patient-area/index.ts';

export { VisitPage } from './VisitPage.tsx';

// The sections other features write load after the page shows.
const AllergiesTab = lazy(async () => ({
  default: (await import('../allergies/AllergiesTab.tsx')).AllergiesTab,
}));
const DocumentsTab = lazy(async () => ({
  default: (await import('../documents/DocumentsTab.tsx')).DocumentsTab,
}));

const PatientInvoices = lazy(async () => ({
  default: (await import('../billing/PatientBilling.tsx')).PatientInvoices,
}));
const UnbilledVisits = lazy(async () => ({
  default: (await import('../billing-search/UnbilledVisits.tsx')).UnbilledVisits,
}));
const SubsidyTab = lazy(async () => ({
  default: (await import('../subsidies/SubsidyTab.tsx')).SubsidyTab,
}));
const PatientDeposits = lazy(async () => ({
  default: (await import('../credit-notes/PatientCredits.tsx')).PatientDeposits,
}));
const PatientCreditNotes = lazy(async () => ({
  default: (await import('../credit-notes/PatientCredits.tsx')).PatientCreditNotes,
}));
const ReferralsTab = lazy(async () => ({
  default: (await import('../referrals/ReferralsTab.tsx')).ReferralsTab,
}));
const ReferralEditorScreen = lazy(async () => ({
  default: (await import('../referrals/ReferralEditorPage.tsx')).ReferralEditorPage,
}));
const PatientPayments = lazy(async () => ({
  default: (await import('../billing/PatientBilling.tsx')).PatientPayments,
}));

function usePatientId(): string {
  return patientIdOf(useParams().patientId);
}

/** A tab whose records come with a later part of the product: says plainly there are none. */
export function NoneYetPage({ text }: { text: TextKey }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl">
      <Center>
        <Text data-testid="none-yet">{t(text)}</Text>
      </Center>
    </Paper>
  );
}

/** Sub-pages of a tab (invoices, personal info) as links above their content. */
export function SubPages({
  links,
  children,
}: {
  links: ReadonlyArray<{ path: string; title: TextKey }>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { branchCode = '', patientId = '' } = useParams();
  const here = useLocation().pathname;
  const group = links[0]?.path.split('/')[0] ?? '';
  return (
    <Stack gap="sm">
      <Group component="nav" gap={4} aria-label={t(links[0]?.title ?? 'record.title')}>
        {links.map((link) => {
          const to = `/${encodeURIComponent(branchCode)}/patients/${encodeURIComponent(patientId)}/${link.path}`;
          const active = here.startsWith(to);
          return (
            <Button
              key={link.path}
              component={Link}
              to={to}
              size="compact-sm"
              variant={active ? 'filled' : 'subtle'}
              aria-current={active ? 'page' : undefined}
              data-group={group}
            >
              {t(link.title)}
            </Button>
          );
        })}
      </Group>
      {children}
    </Stack>
  );
}

const INVOICE_PAGES = [
  { path: 'invoices/unbills', title: 'record.invoices.unbills' },
  { path: 'invoices/list', title: 'record.invoices.list' },
  { path: 'invoices/deposits', title: 'record.invoices.deposits' },
  { path: 'invoices/creditNote', title: 'record.invoices.creditNote' },
] as const satisfies ReadonlyArray<{ path: string; title: TextKey }>;

const PERSONAL_PAGES = [
  { path: 'personal/profile', title: 'record.personal.profile' },
  { path: 'personal/insurance', title: 'record.personal.insurance' },
  { path: 'personal/3rd-party', title: 'record.personal.thirdParty' },
  { path: 'personal/fact', title: 'record.personal.fact' },
  { path: 'personal/kins', title: 'record.personal.kins' },
  { path: 'personal/diagnosis', title: 'record.personal.diagnosis' },
  { path: 'personal/subsidy', title: 'record.personal.subsidy' },
] as const satisfies ReadonlyArray<{ path: string; title: TextKey }>;

export function InvoicePage({ text }: { text: TextKey }) {
  return (
    <SubPages links={INVOICE_PAGES}>
      <NoneYetPage text={text} />
    </SubPages>
  );
}

/** The patient's unbilled visits, each with 'Bill this visit' (features/billing-search). */
export function UnbilledPage() {
  const patientId = usePatientId();
  return (
    <SubPages links={INVOICE_PAGES}>
      <Suspense fallback={<Skeleton height={120} />}>
        <UnbilledVisits patientId={patientId} />
      </Suspense>
    </SubPages>
  );
}

/** The patient's invoices, each opening the invoice screen (features/billing). */
export function InvoiceListPage() {
  const patientId = usePatientId();
  return (
    <SubPages links={INVOICE_PAGES}>
      <Suspense fallback={<Skeleton height={120} />}>
        <PatientInvoices patientId={patientId} />
      </Suspense>
    </SubPages>
  );
}

/** The patient's deposits: take one, void an unused one (features/credit-notes). */
export function DepositsPage() {
  const patientId = usePatientId();
  return (
    <SubPages links={INVOICE_PAGES}>
      <Suspense fallback={<Skeleton height={120} />}>
        <PatientDeposits patientId={patientId} />
      </Suspense>
    </SubPages>
  );
}

/** The patient's credit notes (features/credit-notes). */
export function CreditNotesPage() {
  const patientId = usePatientId();
  return (
    <SubPages links={INVOICE_PAGES}>
      <Suspense fallback={<Skeleton height={120} />}>
        <PatientCreditNotes patientId={patientId} />
      </Suspense>
    </SubPages>
  );
}

/** The patient's payments with their receipt numbers (features/billing). */
export function PaymentsPage() {
  return (
    <Suspense fallback={<Skeleton height={120} />}>
      <PatientPayments patientId={usePatientId()} />
    </Suspense>
  );
}

export function PersonalPage({ text }: { text: TextKey }) {
  return (
    <SubPages links={PERSONAL_PAGES}>
      <NoneYetPage text={text} />
    </SubPages>
  );
}

/** The patient's scheme tier and this year's subsidies (features/subsidies). */
export function SubsidyPage() {
  const patientId = usePatientId();
  return (
    <SubPages links={PERSONAL_PAGES}>
      <Suspense fallback={<Skeleton height={120} />}>
        <SubsidyTab patientId={patientId} />
      </Suspense>
    </SubPages>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value || '-'}</Text>
    </div>
  );
}

/** The patient information card (doc 2 section 2.14), from the profile. */
export function ProfilePage() {
  const { t } = useTranslation();
  const patientId = usePatientId();
  const profile = usePatientProfile(patientId);
  const header = usePatientHeader(patientId);
  const patient = profile.data;
  return (
    <SubPages links={PERSONAL_PAGES}>
      <Paper withBorder p="md" component="section" aria-labelledby="patient-info-card">
        <Title order={2} size="h4" id="patient-info-card" mb="sm">
          {t('record.personal.card')}
        </Title>
        {patient ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <Field label={t('record.personal.name')} value={patient.name} />
            <Field label={t('record.personal.idType')} value={patient.idType} />
            <Field label={t('record.personal.nric')} value={patient.nric} />
            <Field
              label={t('record.personal.birthDate')}
              value={formatCalendarDate(patient.birthDate, DATE_FORMATS.picker)}
            />
            <Field label={t('record.personal.age')} value={header.data?.ageText} />
            <Field
              label={t('record.personal.gender')}
              value={
                patient.gender === 'F' ? t('record.header.genderF') : t('record.header.genderM')
              }
            />
            <Field label={t('record.personal.cardNo')} value={patient.cardNo} />
            <Field label={t('record.personal.nationality')} value={patient.nationality} />
            <Field
              label={t('record.personal.phone')}
              value={`${patient.telCode ?? ''} ${patient.contactNo ?? ''}`.trim()}
            />
            <Field label={t('record.personal.email')} value={patient.email} />
            <Field label={t('record.personal.address')} value={patient.homeAddress} />
            <Field label={t('record.personal.postal')} value={patient.homePostal} />
          </SimpleGrid>
        ) : profile.isError ? (
          <Alert color="red">{profile.error.message}</Alert>
        ) : (
          <Skeleton height={120} />
        )}
      </Paper>
    </SubPages>
  );
}

/** Where the patient's record lives: `/{branch}/patients/{id}`. */
function usePatientBase(): string {
  const { branchCode = '', patientId = '' } = useParams();
  return `/${encodeURIComponent(branchCode)}/patients/${encodeURIComponent(patientId)}`;
}

/** The Referral tab: the patient's referrals out (features/referrals). */
export function ReferralPage() {
  const patientId = usePatientId();
  const { branchCode } = useBranch();
  const visits = usePatientVisits(patientId, 1).data?.items ?? [];
  // A referral is written from a visit of this branch that is not voided (the server's rule).
  const writable = visits.filter((visit) => !visit.isVoided && visit.branchCode === branchCode);
  return (
    <Suspense fallback={<Skeleton height={120} />}>
      <ReferralsTab patientId={patientId} base={usePatientBase()} visits={writable} />
    </Suspense>
  );
}

/** The referral editor of a visit (doc 2 section 2.5; features/referrals). */
export function ReferralEditorPage() {
  const { t } = useTranslation();
  const { visitId = '', referralId = 'new' } = useParams();
  const patientId = usePatientId();
  const profile = usePatientProfile(patientId).data;
  const patient = profile && {
    name: profile.name,
    nric: profile.nric,
    birthDate: formatCalendarDate(profile.birthDate, DATE_FORMATS.document),
    gender: profile.gender === 'F' ? t('record.header.genderF') : t('record.header.genderM'),
    nationality: profile.nationality,
    contact: `${profile.telCode ?? ''} ${profile.contactNo ?? ''}`.trim(),
  };
  return (
    <Suspense fallback={<Skeleton height={240} />}>
      <ReferralEditorScreen
        patientId={patientId}
        visitId={visitId}
        referralId={referralId}
        base={usePatientBase()}
        patient={patient}
      />
    </Suspense>
  );
}

export function AllergiesPage() {
  return (
    <Suspense fallback={<Skeleton height={80} />}>
      <AllergiesTab patientId={usePatientId()} />
    </Suspense>
  );
}

export function DocumentsPage() {
  return (
    <Suspense fallback={<Skeleton height={80} />}>
      <DocumentsTab patientId={usePatientId()} />
    </Suspense>
  );
}

/** The medical records: the patient's visits, newest first, a page at a time. */
export function MedicalRecordsPage() {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const { branchCode = '' } = useParams();
  const patientId = usePatientId();
  const [page, setPage] = useState(1);
  const visits = usePatientVisits(patientId, page);
  const items = visits.data?.items ?? [];
  const total = visits.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / VISITS_PER_PAGE));
  if (visits.isError) return <Alert color="red">{visits.error.message}</Alert>;
  if (visits.isPending) return <Skeleton height={160} />;
  if (items.length === 0) return <NoneYetPage text="record.visits.none" />;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('record.visits.title')}
      </Title>
      <DataTable minWidth={640} striped aria-label={t('record.visits.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('record.visits.date')}</Table.Th>
            <Table.Th>{t('record.visits.doctor')}</Table.Th>
            <Table.Th>{t('record.visits.branch')}</Table.Th>
            <Table.Th>{t('record.visits.consult')}</Table.Th>
            <Table.Th>{t('record.visits.status')}</Table.Th>
            <ActionTh>{t('record.visits.open')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((visit) => {
            const date = formatClinicInstant(visit.date, offset, DATE_FORMATS.picker);
            return (
              <Table.Tr key={visit.id} data-testid="visit-row">
                <Table.Td>
                  {date} {formatClinicInstant(visit.date, offset, DATE_FORMATS.time)}
                </Table.Td>
                <Table.Td>{visit.doctorName}</Table.Td>
                <Table.Td>{visit.branchCode}</Table.Td>
                <Table.Td>
                  {formatConsultSpan(visit.consultStartTime, visit.consultEndTime, offset)}
                </Table.Td>
                <Table.Td>
                  {visit.isVoided ? t('record.visits.voided') : t('record.visits.active')}
                </Table.Td>
                <ActionTd>
                  <Button
                    component={Link}
                    to={`/${encodeURIComponent(branchCode)}/patients/${encodeURIComponent(patientId)}/medical-records/${visit.id}`}
                    size="compact-sm"
                    variant="filled"
                    leftSection={<IconReportMedical size={16} aria-hidden />}
                    aria-label={t('record.visits.openVisit', { date })}
                    data-primary-action
                  >
                    {t('record.visits.open')}
                  </Button>
                </ActionTd>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </DataTable>
      {pages > 1 ? (
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('record.visits.previous')}
          </Button>
          <Text size="sm">{t('record.visits.page', { page, pages })}</Text>
          <Button
            variant="default"
            size="compact-sm"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('record.visits.next')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
