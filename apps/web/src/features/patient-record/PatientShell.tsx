import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { branchPath } from '../../app/branch.ts';
import { rememberPatient } from '../../app/current-patient.ts';
import { PatientHeaderCard } from './PatientHeaderCard.tsx';
import { PatientTabs } from './PatientTabs.tsx';
import { patientIdOf, usePatientHeader } from './record-api.ts';
import '../../i18n/patient-area/index.ts';

/**
 * The patient shell under /{branchCode}/patients/{patientId} (doc 2 section 2.1): the
 * header card, the tabs, and the page of the tab. Opening it makes the patient the
 * branch's 'Current Patient'.
 */
export function PatientShell() {
  const { branchCode = '', patientId: param } = useParams();
  const patientId = patientIdOf(param);
  const header = usePatientHeader(patientId);
  const name = header.data?.name;
  useEffect(() => {
    if (name) rememberPatient(branchCode, { id: patientId, name });
  }, [branchCode, patientId, name]);
  const base = branchPath(branchCode, `patients/${encodeURIComponent(patientId)}`);
  return (
    <>
      <Stack gap="md">
        <PatientHeaderCard patientId={patientId} />
        <PatientTabs base={base} />
        <Outlet />
      </Stack>
    </>
  );
}
