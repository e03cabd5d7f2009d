import { PATIENT_MESSAGES, QUEUE_MESSAGES } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { dayStartOf } from '../queue-format.ts';
import {
  EMPTY_PATIENT,
  EMPTY_VISIT,
  checkAddToQueue,
  checkVisit,
  patientFormOf,
  withCardPrefix,
  withIdType,
  type ClinicContext,
  type PatientForm,
  type VisitForm,
} from './add-to-queue-form.ts';

const DOCTOR = '30000000-0000-4000-8000-000000000001';
const PATIENT = '20000000-0000-4000-8000-000000000001';
const context: ClinicContext = {
  hasHciCode: false,
  today: '2026-01-05',
  now: dayStartOf('2026-01-05') + 10 * 3600,
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
  it('clears the ID number for NA and keeps it otherwise', () => {
    expect(withIdType(adult, 'NA').nric).toBe('');
    expect(withIdType(adult, 'PP').nric).toBe('S1234567D');
  });

  it('keeps a typed card number only with the Custom prefix', () => {
    const custom = withCardPrefix({ ...adult, cardNo: 'X1' }, 'Custom');
    expect(custom.cardNo).toBe('X1');
    expect(withCardPrefix(custom, 'P').cardNo).toBe('');
  });

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

  it('lets the new patient stand in for the patient field', () => {
    expect(checkAddToQueue(visit, null, null, context).errors).toEqual({
      patientId: QUEUE_MESSAGES.patientRequired,
    });
    const forNewPatient = checkAddToQueue(visit, null, adult, context);
    expect(forNewPatient.errors).toEqual({});
    expect(forNewPatient.patientBody).toMatchObject({ name: 'Tan Ah Kow', cardNo: null });
    expect(checkAddToQueue(visit, null, { ...adult, name: ' ' }, context).errors).toEqual({
      name: PATIENT_MESSAGES.nameRequired,
    });
  });

  it('shows a chosen patient with what the picker knows', () => {
    const form = patientFormOf({
      id: PATIENT,
      name: 'Tan Ah Kow',
      nric: null,
      title: 'Mr',
      idType: 'NA',
      gender: 'M',
      cardNoPrefix: 'P',
      cardNo: 'P000001',
      contactNo: '91234567',
      telCode: '+65',
      birthDate: '1980-01-02',
      consultDoctor: null,
      homeAddress: null,
      homePostal: null,
    });
    expect(form).toMatchObject({ title: 'Mr', nric: '', cardNo: 'P000001', nationality: null });
  });
});
