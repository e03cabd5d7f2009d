import { i18n } from '../index.ts';
import { clinicalCodeTexts } from '../clinical-codes.ts';
import { documentTexts } from '../documents.ts';
import { mcTexts } from '../medical-certificates.ts';
import { patientRecordTexts } from '../patient-record.ts';
import { vitalsTexts } from '../vitals.ts';

/**
 * The patient area's English texts (the record, vitals, diagnoses and allergies, MCs,
 * documents). They load with the patient pages, not with every page: each component of
 * the area imports this module, which adds them to the `translation` resource when its
 * chunk loads, before anything of the area renders. Their keys are typed like the rest
 * (`PatientAreaTexts` joins the resource type in `i18n/index.ts`).
 */
export const patientAreaTexts = {
  ...patientRecordTexts,
  ...vitalsTexts,
  ...clinicalCodeTexts,
  ...mcTexts,
  ...documentTexts,
};

export type PatientAreaTexts = typeof patientAreaTexts;

i18n.addResourceBundle('en', 'translation', patientAreaTexts, true, false);
