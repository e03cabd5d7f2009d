import { PATIENT_MESSAGES, QUEUE_MESSAGES } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { clinicDayStart } from '../../../app/clinic-time.ts';
import { EMPTY_PATIENT, type PatientForm } from '../../patients/patient-form.ts';
import {
  EMPTY_ADD_TO_QUEUE,
  EMPTY_VISIT,
  checkAddToQueue,
  checkVisit,
  visitErrorPaths,
  type ClinicContext,
  type VisitForm,
} from './add-to-queue-form.ts';

const DOCTOR = '30000000-0000-4000-8000-000000000001';
const PATIENT = '20000000-0000-4000-8000-000000000001';
const context: ClinicContext = {
  hasHciCode: false,
  today: '2026-01-05',
  now: clinicDayStart('2026-01-05', 480)! + 10 * 3600,
  timezoneOffset: 480,
};
const visit: VisitForm = { ...EMPTY_VISIT, doctorId: DOCTOR, visitPurposes: ['Consultation'] };
const adult: PatientForm = {
  ...EMPTY_PATIENT,
  name: 'Tan Ah Kow',
  gender: 'M',
  birthDate: '1980-01-02',
  idType: 'NRIC',
  nric: 'S1234567D',
  cardNoPrefix: 'P',
  telCode: '+65',
  contactNo: '91234567',
  nationality: 'SG',
};

describe('add-to-queue form', () => {
  it('queues a chosen patient without backdating: the server stamps the time', () => {
    expect(checkVisit({ ...visit, visitDate: '2026-01-01' }, PATIENT, context)).toEqual({
      ok: true,
      body: {
        patientId: PATIENT,
        doctorId: DOCTOR,
        visitPurposes: ['Consultation'],
        remark: null,
        isBackdate: false,
        visitDate: null,
      },
    });
  });

  it('needs a whole date and time to backdate, not after now with an HCI code', () => {
    const backdated = { ...visit, isBackdate: true, visitDate: '2026-01-05', visitTime: '' };
    expect(checkVisit(backdated, PATIENT, context)).toMatchObject({
      ok: false,
      errors: { visitDate: QUEUE_MESSAGES.visitDateRequired },
    });
    const later = { ...backdated, visitTime: '23:00' };
    expect(checkVisit(later, PATIENT, context).ok).toBe(true);
    expect(checkVisit(later, PATIENT, { ...context, hasHciCode: true })).toMatchObject({
      ok: false,
      errors: { visitDate: QUEUE_MESSAGES.visitDateFuture },
    });
  });

  it("sends a backdated date and time as the clinic's moment, whatever the browser's zone", () => {
    const backdated = { ...visit, isBackdate: true, visitDate: '2026-01-05', visitTime: '09:30' };
    const checked = checkVisit(backdated, PATIENT, context);
    // 09:30 in Singapore (UTC+8) is 01:30 UTC.
    expect(checked.ok && checked.body.visitDate).toBe(Date.UTC(2026, 0, 5, 1, 30) / 1000);
    const inLondon = checkVisit(backdated, PATIENT, { ...context, timezoneOffset: 0 });
    expect(inLondon.ok && inLondon.body.visitDate).toBe(Date.UTC(2026, 0, 5, 9, 30) / 1000);
  });

  it('lets the new patient stand in for the patient field', () => {
    const values = { ...EMPTY_ADD_TO_QUEUE, visit };
    expect(checkAddToQueue({ ...values, patient: null, newPatient: adult }, context)).toMatchObject(
      {
        errors: {},
        patientBody: { name: 'Tan Ah Kow', cardNo: null },
      },
    );
    expect(
      checkAddToQueue({ ...values, newPatient: { ...adult, name: ' ' } }, context).errors,
    ).toEqual({ 'newPatient.name': PATIENT_MESSAGES.nameRequired });
  });

  it('asks for no new patient once the patient is known, and needs one chosen otherwise', () => {
    const registered = { ...EMPTY_ADD_TO_QUEUE, visit, registeredPatientId: PATIENT };
    expect(checkAddToQueue(registered, context)).toEqual({ errors: {}, patientBody: null });
    const visitOnly = checkVisit(visit, null, context);
    expect(visitOnly.ok ? {} : visitErrorPaths(visitOnly.errors)).toEqual({
      patient: QUEUE_MESSAGES.patientRequired,
    });
  });

  it("places the visit's messages in the visit and the patient's at the picker", () => {
    expect(visitErrorPaths({ patientId: 'a', doctorId: 'b', 'visitPurposes.0': 'c' })).toEqual({
      patient: 'a',
      'visit.doctorId': 'b',
      'visit.visitPurposes.0': 'c',
    });
  });
});
