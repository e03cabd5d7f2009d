import { Anchor, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { branchPath } from '../../app/branch.ts';
import { recentPatients } from '../../app/current-patient.ts';
import '../../i18n/patient-area/index.ts';

// The picker carries the patient rules (and zod): it loads just after the page shows.
const PatientSearchPicker = lazy(async () => ({
  default: (await import('../patients/PatientSearchPicker.tsx')).PatientSearchPicker,
}));

/**
 * /{branchCode}/patients without a patient (doc 2 section 2.1 'patient.empty'): find a
 * patient, or open one of those opened recently on this computer in this session.
 */
export function EmptyPatientPage() {
  const { t } = useTranslation();
  const { branchCode = '' } = useParams();
  const navigate = useNavigate();
  const [recent] = useState(recentPatients);
  return (
    <>
      <Stack gap="md" maw={640}>
        <Title order={1} size="h2">
          {t('record.empty.title')}
        </Title>
        <Text>{t('record.empty.text')}</Text>
        <Suspense fallback={<TextInput label={t('record.empty.search')} disabled />}>
          <PatientSearchPicker
            label={t('record.empty.search')}
            value={null}
            autoFocus
            onChange={(patient) => {
              if (patient) void navigate(branchPath(branchCode, `patients/${patient.id}`));
            }}
          />
        </Suspense>
        <Paper withBorder p="md" component="section" aria-labelledby="recent-patients">
          <Title order={2} size="h4" id="recent-patients" mb="xs">
            {t('record.empty.recent')}
          </Title>
          {recent.length === 0 ? (
            <Text c="dimmed">{t('record.empty.noRecent')}</Text>
          ) : (
            <List listStyleType="none" spacing={4}>
              {recent.map((patient) => (
                <List.Item key={patient.id}>
                  <Anchor component={Link} to={branchPath(branchCode, `patients/${patient.id}`)}>
                    {patient.name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
      </Stack>
    </>
  );
}
