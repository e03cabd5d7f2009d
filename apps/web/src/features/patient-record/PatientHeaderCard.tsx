import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AllergyBadges } from '../allergies/AllergyBadges.tsx';
import { usePatientHeader, useVaccinationCount } from './record-api.ts';
import '../../i18n/patient-area/index.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The header card of every patient page (doc 1 section 7 'header-info'): name, ID, age,
 * gender, card number, contact and the alert message, with the allergy and alert badges
 * always in view.
 */
export function PatientHeaderCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const header = usePatientHeader(patientId);
  const vaccinations = useVaccinationCount(patientId);
  const patient = header.data;
  if (header.isError) {
    return (
      <Alert color="red" role="alert">
        {header.error.message}
      </Alert>
    );
  }
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('record.header.label')}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          {patient ? (
            <Title order={1} size="h3" data-testid="patient-name">
              {patient.title ? `${patient.title} ` : ''}
              {patient.name}
            </Title>
          ) : (
            <Skeleton height={28} width={240} />
          )}
          <Group gap="xs">
            <AllergyBadges patientId={patientId} />
            {vaccinations.data ? (
              <Badge variant="outline" color="gray">
                {t('record.header.vaccinations', { count: vaccinations.data.count })}
              </Badge>
            ) : null}
          </Group>
        </Group>
        {patient ? (
          <Group gap="md">
            <Fact label={t('record.header.id')}>
              {patient.nric ? `${patient.nric} (${patient.idType})` : patient.idType}
            </Fact>
            <Fact label={t('record.header.age')}>{patient.ageText || '-'}</Fact>
            <Fact label={t('record.header.gender')}>
              {patient.gender === 'F' ? t('record.header.genderF') : t('record.header.genderM')}
            </Fact>
            <Fact label={t('record.header.cardNo')}>{patient.cardNo ?? '-'}</Fact>
            <Fact label={t('record.header.contact')}>
              {`${patient.telCode} ${patient.contactNo}`}
            </Fact>
          </Group>
        ) : null}
        {patient?.alertMessage ? (
          <Alert
            color="accent"
            variant="filled"
            p="xs"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('record.header.alert')}
          >
            {patient.alertMessage}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
