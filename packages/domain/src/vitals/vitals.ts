import { z } from 'zod';
import { clinicalRecords } from '../accounts/clinical.ts';
import { isoDate, optionalId, optionalText, unixSeconds, versionField } from '../common/fields.ts';
import {
  CONSULT_NOTE_SECTION_MAX,
  FAGERSTROM_CODES,
  SMOKING_REMARK_MAX,
  SMOKING_STATUS_CODES,
  STAGE_OF_CHANGE_CODES,
  VITALS_MESSAGES,
} from './vitals-rules.ts';

/** A measured value: a number, or null (absent) when not measured. */
const measure = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .nullish()
    .transform((value) => value ?? null);

const whole = (field: string) =>
  z
    .int({ error: `${field} must be a whole number` })
    .nullish()
    .transform((value) => value ?? null);

const codeOf = <T extends [string, ...string[]]>(codes: T, message: string) =>
  z
    .enum(codes, { error: message })
    .nullish()
    .transform((value) => value ?? null);

/** `:id` of a visit's facts and note routes: the visit's id. */
export const VisitIdParam = z.strictObject({ id: z.uuid('id must be a visit id') });

/** The visit's facts as the panel sends them (doc 2 section 3 'Visit facts'). */
const visitFactsFields = {
  height: measure('height'),
  weight: measure('weight'),
  waist: measure('waist'),
  weightNotFeasible: z
    .boolean({ error: 'weightNotFeasible must be true or false' })
    .nullish()
    .transform((value) => value ?? false),
  smokingStatus: codeOf(SMOKING_STATUS_CODES, 'Please choose a smoking status from the list.'),
  yearStartedSmoking: whole('yearStartedSmoking'),
  numberSticksPerday: whole('numberSticksPerday'),
  fagerstromTestScore: codeOf(FAGERSTROM_CODES, 'Please choose a Fagerstrom score from the list.'),
  stageOfChange: codeOf(STAGE_OF_CHANGE_CODES, 'Please choose a stage of change from the list.'),
  smokingAssessmentDate: isoDate(
    'smokingAssessmentDate is required',
    'smokingAssessmentDate must be a date YYYY-MM-DD',
  )
    .nullish()
    .transform((value) => value ?? null),
  smokingAssessmentRemark: optionalText(
    SMOKING_REMARK_MAX,
    `The assessment remark may have at most ${SMOKING_REMARK_MAX} characters.`,
    'multi',
  ),
};

/** `POST /visit-facts/{visitId}`: the first facts of a visit (patientID as the spec sends it). */
export const VisitFactsCreateBody = z.strictObject({
  ...visitFactsFields,
  patientID: optionalId('patientID must be a patient id').optional(),
});
export type VisitFactsCreateBody = z.input<typeof VisitFactsCreateBody>;

/** `PUT /visit-facts/{visitId}` with the version read. */
export const VisitFactsUpdateBody = z.strictObject({
  ...visitFactsFields,
  version: versionField(),
});
export type VisitFactsUpdateBody = z.input<typeof VisitFactsUpdateBody>;

export const VisitFactsRecord = z.object({
  id: z.uuid(),
  visitId: z.uuid(),
  patientId: z.uuid(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  waist: z.number().nullable(),
  bmi: z.number().nullable(),
  weightNotFeasible: z.boolean(),
  smokingStatus: z.string().nullable(),
  smokingStatusVal: z.string().nullable(),
  yearStartedSmoking: z.int().nullable(),
  numberSticksPerday: z.int().nullable(),
  fagerstromTestScore: z.string().nullable(),
  fagerstromTestScoreVal: z.string().nullable(),
  /** The spec's response names stage of change so. */
  stateOfChange: z.string().nullable(),
  stageOfChangeVal: z.string().nullable(),
  smokingAssessmentDate: z.string().nullable(),
  smokingAssessmentRemark: z.string().nullable(),
  version: z.int(),
});
export type VisitFactsRecord = z.infer<typeof VisitFactsRecord>;
clinicalRecords.add(VisitFactsRecord, { resource: 'vitals' });

/** `GET /physical-readings/{id}` (a visit's id) and `POST` (a new reading of that visit). */
export const ReadingIdParams = z.strictObject({ id: z.uuid('id must be an id') });

const readingFields = {
  readingTime: unixSeconds('readingTime'),
  systolic: measure('systolic'),
  diastolic: measure('diastolic'),
  pulse: measure('pulse'),
  glucose: measure('glucose'),
  temperature: measure('temperature'),
  height: measure('height'),
  weight: measure('weight'),
};

export const ReadingCreateBody = z.strictObject(readingFields);
export type ReadingCreateBody = z.input<typeof ReadingCreateBody>;
export const ReadingUpdateBody = z.strictObject({ ...readingFields, version: versionField() });
export type ReadingUpdateBody = z.input<typeof ReadingUpdateBody>;
export const ReadingDeleteBody = z.strictObject({ version: versionField() });

export const PhysicalReading = z.object({
  id: z.uuid(),
  visitId: z.uuid(),
  readingTime: z.int(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  pulse: z.number().nullable(),
  glucose: z.number().nullable(),
  temperature: z.number().nullable(),
  /** cm. */
  height: z.number().nullable(),
  /** kg. */
  weight: z.number().nullable(),
  /** Derived: m² (Mosteller). */
  bsa: z.number().nullable(),
  /** Derived: kg/m². */
  bmi: z.number().nullable(),
  version: z.int(),
});
export type PhysicalReading = z.infer<typeof PhysicalReading>;
clinicalRecords.add(PhysicalReading, { resource: 'vitals' });

export const ReadingDeleted = z.object({ id: z.uuid(), visitId: z.uuid() });

/** The doctor's consultation note of a visit (the issue's; the spec shows no fields). */
const noteSection = optionalText(CONSULT_NOTE_SECTION_MAX, VITALS_MESSAGES.noteTooLong, 'multi');

/** `PUT /visits/{visitId}/note`: version 0 (or null) creates the note, else the version read. */
export const ConsultNoteBody = z.strictObject({
  history: noteSection,
  examination: noteSection,
  plan: noteSection,
  freeText: noteSection,
  version: versionField().nullable(),
});
export type ConsultNoteBody = z.input<typeof ConsultNoteBody>;

export const ConsultNoteRecord = z.object({
  visitId: z.uuid(),
  history: z.string().nullable(),
  examination: z.string().nullable(),
  plan: z.string().nullable(),
  freeText: z.string().nullable(),
  /** 0: no note yet. */
  version: z.int(),
  /** Unix seconds; null before the first save. */
  updatedAt: z.int().nullable(),
  updatedByName: z.string().nullable(),
});
export type ConsultNoteRecord = z.infer<typeof ConsultNoteRecord>;
clinicalRecords.add(ConsultNoteRecord, { resource: 'diagnoses' });

/** The requests as the server reads them (after the schemas' defaults and trimming). */
export type VisitFactsCreate = z.output<typeof VisitFactsCreateBody>;
export type VisitFactsUpdate = z.output<typeof VisitFactsUpdateBody>;
export type ReadingCreate = z.output<typeof ReadingCreateBody>;
export type ReadingUpdate = z.output<typeof ReadingUpdateBody>;
export type ConsultNoteSave = z.output<typeof ConsultNoteBody>;
