import { hsgByNationality, type ReferralOutRecord } from '@clinic/domain';
import {
  Alert,
  Anchor,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasModule, useSession } from '../../api/session.ts';
import { useClinicHeader, useHsgStatus, useReferral } from './referral-api.ts';
import { ReferralForm } from './ReferralEditor.tsx';
import { referralEditorPath } from './referral-paths.ts';
import '../../i18n/referrals/index.ts';

/** The patient as the referral shows them (doc 2 section 3 'Patient (referral context)'). */
export interface ReferralPatient {
  name: string;
  nric: string | null;
  birthDate: string;
  gender: string;
  nationality: string | null;
  contact: string;
}

export interface ReferralEditorPageProps {
  patientId: string;
  visitId: string;
  /** A referral's id, or 'new'. */
  referralId: string;
  base: string;
  patient: ReferralPatient | undefined;
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{children || '-'}</Text>
    </div>
  );
}

function PatientCard({ patient }: { patient: ReferralPatient | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="referral-patient">
      <Title order={2} size="h5" id="referral-patient" mb="xs">
        {t('referrals.editor.patient')}
      </Title>
      {patient ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <Info label={t('referrals.editor.name')}>{patient.name}</Info>
          <Info label={t('referrals.editor.nric')}>{patient.nric}</Info>
          <Info label={t('referrals.editor.birthDate')}>{patient.birthDate}</Info>
          <Info label={t('referrals.editor.gender')}>{patient.gender}</Info>
          <Info label={t('referrals.editor.nationality')}>{patient.nationality}</Info>
          <Info label={t('referrals.editor.contact')}>{patient.contact}</Info>
        </SimpleGrid>
      ) : (
        <Skeleton height={60} />
      )}
    </Paper>
  );
}

/** The clinic information of the branch's letterhead (doc 2 section 2.5). */
function ClinicCard({ hciCode }: { hciCode: string | null }) {
  const { t } = useTranslation();
  const header = useClinicHeader().data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="referral-clinic">
      <Title order={2} size="h5" id="referral-clinic" mb="xs">
        {t('referrals.editor.clinic')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <Info label={t('referrals.editor.clinicName')}>
          {header ? `${header.tenant.clinicName} (${header.branchName})` : ''}
        </Info>
        <Info label={t('referrals.editor.clinicCode')}>{hciCode ?? header?.branchCode}</Info>
        <Info label={t('referrals.editor.contact')}>{header?.branchPhone}</Info>
        <Info label={t('referrals.editor.country')}>{header?.branchCountryName}</Info>
        <Info label={t('referrals.editor.postal')}>{header?.branchPostal}</Info>
        <Info label={t('referrals.editor.address')}>{header?.branchAddress}</Info>
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The referral editor's screen (doc 2 section 2.5, `referral/{visitId}/{referralId|new}`
 * under the patient): the REFERRAL OUT / REFERRAL IN toggle (only the active one for an
 * existing referral; referrals in are not yet), the patient's and the clinic's information,
 * and the form. HSG is offered when the server says the patient is enrolled or the patient
 * is Singaporean (doc 2 section 4.3), and a new referral starts with it on then.
 */
export function ReferralEditorPage(props: ReferralEditorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const isNew = props.referralId === 'new';
  const referral = useReferral(isNew ? null : props.referralId);
  const hsg = useHsgStatus(props.patientId);
  const backToList = `${props.base}/referral`;
  if (referral.isError) return <Alert color="red">{referral.error.message}</Alert>;
  const record = isNew ? null : referral.data;
  const waiting = record === undefined || (isNew && hsg.isPending);
  const enrolled = hsg.data?.enrolled_status === true;
  const hsgOffered =
    enrolled || hsgByNationality(props.patient?.nationality) || record?.isHsg === true;

  function saved(answer: ReferralOutRecord) {
    if (isNew) void navigate(referralEditorPath(props.base, answer.visitId, answer.id));
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={backToList} size="sm">
        {t('referrals.editor.back')}
      </Anchor>
      <Title order={1} size="h3">
        {isNew ? t('referrals.editor.newTitle') : t('referrals.editor.title')}
      </Title>
      <SegmentedControl
        aria-label={t('referrals.editor.tabs')}
        value="out"
        data={[
          { value: 'out', label: t('referrals.editor.out') },
          ...(isNew ? [{ value: 'in', label: t('referrals.editor.in'), disabled: true }] : []),
        ]}
        w="fit-content"
      />
      <PatientCard patient={props.patient} />
      <ClinicCard hciCode={record?.hciCode ?? null} />
      <Paper withBorder p="md" component="section" aria-labelledby="referral-info">
        <Title order={2} size="h5" id="referral-info" mb="xs">
          {t('referrals.editor.referral')}
        </Title>
        {hsg.data && (
          <Text size="sm" c="dimmed" mb="xs">
            {enrolled
              ? t('referrals.editor.enrolled', { tier: hsg.data.tierName ?? '' })
              : t('referrals.editor.notEnrolled')}
          </Text>
        )}
        {waiting ? (
          <Skeleton height={320} />
        ) : (
          <ReferralForm
            key={record ? `${record.id}-${record.rowVersion}` : 'new'}
            patientId={props.patientId}
            visitId={record?.visitId ?? props.visitId}
            record={record}
            hsgOffered={hsgOffered}
            withExamination={hasModule(session, 'ophthalmologist')}
            onSaved={saved}
            onCancel={() => void navigate(backToList)}
          />
        )}
      </Paper>
    </Stack>
  );
}
