import { UserType } from '@clinic/domain';
import { withTenant } from '../db/tenant-db.ts';
import * as vitals from '../features/vitals/vitals.service.ts';
import type { TenantRunner } from '../platform/access.ts';
import type { AppContext } from '../platform/app-context.ts';
import type { BranchScope } from '../platform/scope.ts';

/** How many of the demo clinic's visits get facts, readings and a note. */
const VISITS_WITH_VITALS = 12;

/** Facts, readings and notes that differ from one visit to the next. */
const SAMPLES = [
  {
    height: 1.72,
    weight: 68.5,
    waist: 81,
    smokingStatus: 'ss01',
    bp: [118, 76],
    pulse: 72,
    temperature: 36.7,
    glucose: null,
    note: {
      history: 'Sore throat and runny nose for 2 days. No fever.',
      examination: 'Throat mildly injected. Chest clear.',
      plan: 'Symptomatic treatment. Review if not better in 5 days.',
    },
  },
  {
    height: 1.6,
    weight: 74.2,
    waist: 92.5,
    smokingStatus: 'ss03',
    bp: [142, 91],
    pulse: 84,
    temperature: 36.9,
    glucose: 7.8,
    note: {
      history: 'Chronic review: type 2 diabetes and hypertension. Smokes 10 a day.',
      examination: 'BP raised. Feet: sensation intact.',
      plan: 'Increase amlodipine. HbA1c in 3 months. Smoking cessation advice given.',
    },
  },
  {
    height: 1.81,
    weight: 90,
    waist: 98,
    smokingStatus: 'ss02',
    bp: [128, 82],
    pulse: 66,
    temperature: 37.9,
    glucose: null,
    note: {
      history: 'Fever and body aches since yesterday.',
      examination: 'Temp 37.9. No rash. Lungs clear.',
      plan: 'Paracetamol. Fluids and rest. MC 2 days.',
    },
  },
] as const;

/**
 * Gives the demo clinic's finished visits (the oldest that have none yet) facts, one or two
 * physical readings and a consultation note, through the vitals service as their doctor
 * would. Idempotent: a visit with facts is left alone.
 */
export async function seedDemoVitals(ctx: AppContext, tenantId: string): Promise<void> {
  const visits = await withTenant(ctx.db, tenantId, (tx) =>
    tx.db
      .selectFrom('visits as v')
      .leftJoin('visitFacts as f', (join) =>
        join.onRef('f.tenantId', '=', 'v.tenantId').onRef('f.visitId', '=', 'v.id'),
      )
      .select(['v.id', 'v.branchId', 'v.doctorId', 'v.visitDate'])
      .where('v.voidedAt', 'is', null)
      .where('f.id', 'is', null)
      // Consultations that are over: ended, or of an earlier day (not today's waiting patients).
      .where((eb) =>
        eb.or([
          eb('v.consultEnd', 'is not', null),
          eb('v.visitDate', '<', new Date(Date.now() - 12 * 3600 * 1000)),
        ]),
      )
      .orderBy('v.visitDate')
      .limit(VISITS_WITH_VITALS)
      .execute(),
  );
  const run: TenantRunner = (work) => withTenant(ctx.db, tenantId, work);
  for (const [index, visit] of visits.entries()) {
    const sample = SAMPLES[index % SAMPLES.length]!;
    const scope: BranchScope = {
      tenantId,
      userId: visit.doctorId,
      userType: UserType.doctor,
      branchId: visit.branchId,
      run,
    };
    const smoker = sample.smokingStatus === 'ss03';
    await vitals.createVisitFacts(scope, visit.id, {
      height: sample.height,
      weight: sample.weight,
      waist: sample.waist,
      weightNotFeasible: false,
      smokingStatus: sample.smokingStatus,
      yearStartedSmoking: smoker ? 1998 : null,
      numberSticksPerday: smoker ? 10 : 0,
      fagerstromTestScore: smoker ? 'fts02' : null,
      stageOfChange: smoker ? 'sc002' : null,
      smokingAssessmentDate: null,
      smokingAssessmentRemark: smoker ? 'Thinking about stopping.' : null,
    });
    const at = Math.floor(visit.visitDate.getTime() / 1000) + 5 * 60;
    const readings = smoker ? [0, 20 * 60] : [0];
    for (const [n, later] of readings.entries()) {
      await vitals.createReading(scope, visit.id, {
        readingTime: Math.min(at + later, Math.floor(Date.now() / 1000)),
        systolic: sample.bp[0] - n * 6,
        diastolic: sample.bp[1] - n * 4,
        pulse: sample.pulse,
        glucose: sample.glucose,
        temperature: sample.temperature,
        height: Math.round(sample.height * 100),
        weight: sample.weight,
      });
    }
    await vitals.saveConsultNote(scope, visit.id, { ...sample.note, freeText: null, version: 0 });
  }
}
