import { isVisitEvent, type ConsultTimes, type Permission, type VisitDetail } from '@clinic/domain';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconClockEdit } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQueueEvents } from '../../api/socket.ts';
import { useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { Can } from '../../app/permissions.tsx';
import { ConsultTimer } from './ConsultTimer.tsx';
import { formatConsultSpan } from './consult-format.ts';
import { patientIdOf, recordKeys, useVisit, useVisitSaved } from './record-api.ts';
import '../../i18n/patient-area/index.ts';

const ConsultTimeDialog = lazy(async () => ({
  default: (await import('./ConsultTimeDialog.tsx')).ConsultTimeDialog,
}));
// The visit's sections, written by their own features, load after the page shows.
const VisitFactsPanel = lazy(async () => ({
  default: (await import('../visit-facts/VisitFactsPanel.tsx')).VisitFactsPanel,
}));
const ReadingsEditor = lazy(async () => ({
  default: (await import('../readings/ReadingsEditor.tsx')).ReadingsEditor,
}));
const ConsultNote = lazy(async () => ({
  default: (await import('../consult-notes/ConsultNote.tsx')).ConsultNote,
}));
const VisitDiagnoses = lazy(async () => ({
  default: (await import('../diagnoses/VisitDiagnoses.tsx')).VisitDiagnoses,
}));
const VisitPrescriptions = lazy(async () => ({
  default: (await import('../prescriptions/VisitPrescriptions.tsx')).VisitPrescriptions,
}));
const VisitCertificates = lazy(async () => ({
  default: (await import('../medical-certificates/VisitCertificates.tsx')).VisitCertificates,
}));
const BillVisitButton = lazy(async () => ({
  default: (await import('../billing/BillVisitButton.tsx')).BillVisitButton,
}));
const ReferralOutButton = lazy(async () => ({
  default: (await import('../referrals/ReferralOutButton.tsx')).ReferralOutButton,
}));
const VisitDispensing = lazy(async () => ({
  default: (await import('../dispensing/VisitDispensing.tsx')).VisitDispensing,
}));

/** One section of the visit, shown only to a role that may read what it shows. */
function Section({ permission, children }: { permission: Permission; children: ReactNode }) {
  return (
    <Can permission={permission}>
      <Suspense fallback={<Skeleton height={60} />}>{children}</Suspense>
    </Can>
  );
}

/** Readonly: a voided visit, or one of another branch (doc 2 section 4.1). */
export function isReadOnly(visit: VisitDetail, branchId: string | undefined): boolean {
  return visit.isVoided || visit.branchId !== branchId;
}

function VisitHeader({
  visit,
  readOnly,
  onSaved,
}: {
  visit: VisitDetail;
  readOnly: boolean;
  onSaved: (saved: ConsultTimes) => void;
}) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const { branchId } = useBranch();
  const [editing, setEditing] = useState(false);
  const date = formatClinicInstant(visit.date, offset, DATE_FORMATS.picker);
  const consult = formatConsultSpan(visit.consultStartTime, visit.consultEndTime, offset);
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4">
              {t('record.visit.title', { date })}
            </Title>
            {visit.isVoided ? <Badge color="red">{t('record.visits.voided')}</Badge> : null}
          </Group>
          <Group gap="xs">
            <ConsultTimer visit={visit} readOnly={readOnly} onSaved={onSaved} />
            {readOnly ? null : (
              <Can permission="referrals:create">
                <Suspense fallback={null}>
                  <ReferralOutButton patientId={visit.patientId} visitId={visit.id} />
                </Suspense>
              </Can>
            )}
            {readOnly ? null : (
              <Can permission="invoices:create">
                <Suspense fallback={null}>
                  <BillVisitButton visitId={visit.id} />
                </Suspense>
              </Can>
            )}
            <Can permission="visits:update">
              <Button
                variant="default"
                disabled={readOnly}
                onClick={() => setEditing(true)}
                leftSection={<IconClockEdit size={18} aria-hidden />}
              >
                {t('record.timer.editTime')}
              </Button>
            </Can>
          </Group>
        </Group>
        <Group gap="md">
          <Text size="sm">
            {t('record.visit.doctor')}: <b>{visit.doctorName}</b>
          </Text>
          <Text size="sm">
            {t('record.visit.branch')}: <b>{visit.branchCode}</b>
          </Text>
          {visit.queueStatus ? (
            <Text size="sm">
              {t('record.visit.queueStatus')}: <b>{visit.queueStatus}</b>
            </Text>
          ) : null}
          {consult ? (
            <Text size="sm">
              {t('record.visit.consultTime')}: <b>{consult}</b>
            </Text>
          ) : null}
        </Group>
        {visit.isVoided ? (
          <Alert color="gray" p="xs">
            {t('record.visit.voided')}
          </Alert>
        ) : visit.branchId !== branchId ? (
          <Alert color="gray" p="xs">
            {t('record.visit.otherBranch', { branch: visit.branchCode })}
          </Alert>
        ) : null}
      </Stack>
      {editing ? (
        <Suspense fallback={null}>
          <ConsultTimeDialog visit={visit} onClose={() => setEditing(false)} onSaved={onSaved} />
        </Suspense>
      ) : null}
    </Paper>
  );
}

/**
 * The visit page at medical-records/{visitId}, where the doctor works: the visit's header
 * with the consult timer and time editor, then readings, note, diagnoses and certificates,
 * with the visit facts beside them (below on narrow screens).
 */
export function VisitPage() {
  const { t } = useTranslation();
  const { branchCode = '', patientId: param, visitId = '' } = useParams();
  const patientId = patientIdOf(param);
  const { branchId } = useBranch();
  const client = useQueryClient();
  const visit = useVisit(visitId);
  const saved = useVisitSaved();
  // Another screen's timer (a colleague, another tab) changes this visit too.
  useQueueEvents((event) => {
    if (isVisitEvent(event) && event.data.id === visitId) {
      void client.invalidateQueries({ queryKey: recordKeys.visit(branchId, visitId) });
    }
  });
  const back = (
    <Button
      component={Link}
      to={`/${encodeURIComponent(branchCode)}/patients/${encodeURIComponent(patientId)}/medical-records`}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconChevronLeft size={16} aria-hidden />}
      w="fit-content"
    >
      {t('record.visit.back')}
    </Button>
  );
  if (visit.isError) {
    return (
      <Stack gap="sm">
        {back}
        <Alert color="red">{visit.error.message}</Alert>
      </Stack>
    );
  }
  if (!visit.data) return <Skeleton height={160} />;
  const current = visit.data;
  const readOnly = isReadOnly(current, branchId);
  return (
    <Stack gap="sm">
      {back}
      <VisitHeader visit={current} readOnly={readOnly} onSaved={(times) => saved(current, times)} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Section permission="vitals:read">
              <ReadingsEditor visitId={visitId} readOnly={readOnly} />
            </Section>
            <Section permission="diagnoses:read">
              <ConsultNote visitId={visitId} readOnly={readOnly} />
            </Section>
            <Section permission="diagnoses:read">
              <VisitDiagnoses patientId={patientId} visitId={visitId} readOnly={readOnly} />
            </Section>
            <Section permission="prescriptions:read">
              <VisitPrescriptions visitId={visitId} readOnly={readOnly} />
            </Section>
            <Section permission="medicalCertificates:read">
              <VisitCertificates patientId={patientId} visitId={visitId} readOnly={readOnly} />
            </Section>
            <Section permission="dispensing:read">
              <VisitDispensing visitId={visitId} readOnly={readOnly} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Section permission="vitals:read">
            <VisitFactsPanel patientId={patientId} visitId={visitId} readOnly={readOnly} />
          </Section>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
