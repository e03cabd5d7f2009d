import {
  keptFitChoice,
  mcDays,
  formatMcNo,
  type McCreateBody,
  type McRecord,
  type McReport,
  type McUpdateBody,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { writableVisit } from '../visits/visits.service.ts';
import * as repo from './mc.repo.ts';

/**
 * Medical certificates (doc 2 sections 2.7, 4.4, 5). Reading is clinic-wide by permission
 * (docs/architecture.md "Clinical reads"); writing is for the visit's own branch, and not
 * in a voided visit. The number is the branch's (MC, year of issue, 6-digit sequence),
 * taken in the creating transaction; a typed number is kept when the branch has none such.
 */

const MC_NO_INDEX = 'medical_certificates_mc_no';

async function refusingTakenNumbers<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, MC_NO_INDEX)) throw fieldError('mcNo', 'mc.mcNoTaken');
    throw error;
  }
}

async function valuesOf(
  tx: TenantTx,
  branchId: string,
  defaultDoctorId: string,
  body: McCreateBody | McUpdateBody,
): Promise<repo.McValues> {
  const doctorId = body.doctorId ?? defaultDoctorId;
  if (body.doctorId && !(await repo.isDoctorOfBranch(tx, branchId, body.doctorId))) {
    throw fieldError('doctorId', 'mc.doctorNotHere');
  }
  return {
    issuedDate: body.issuedDate,
    fromDate: body.fromDate,
    toDate: body.toDate,
    givenDays: mcDays(body.fromDate, body.toDate),
    doctorId,
    mcPurpose: body.mcPurpose,
    remark: body.remark,
    excuseChit: body.excuseChit,
    timeRequired: body.timeRequired,
    fromTime: body.timeRequired ? body.fromTime : null,
    toTime: body.timeRequired ? body.toTime : null,
    fitChoice: keptFitChoice(body.excuseChit, body.fitChoice),
  };
}

/** The branch's next free number for a certificate issued in `year`. */
async function assignMcNo(tx: TenantTx, branchId: string, year: number): Promise<string> {
  for (;;) {
    const mcNo = formatMcNo(year, await repo.nextMcSeq(tx, branchId, year));
    // A number typed earlier may hold it: take the next.
    if (!(await repo.mcNoTaken(tx, branchId, mcNo))) return mcNo;
  }
}

async function reload(tx: TenantTx, id: string): Promise<McRecord> {
  const record = await repo.findCertificate(tx, id);
  if (!record) throw notFound('mc.notFound');
  return record;
}

export function visitCertificates(scope: BranchScope, visitId: string): Promise<McRecord[]> {
  return scope.run((tx) => repo.visitCertificates(tx, visitId));
}

export function certificate(scope: BranchScope, id: string): Promise<McRecord> {
  return scope.run((tx) => reload(tx, id));
}

export function createCertificate(scope: BranchScope, body: McCreateBody): Promise<McRecord> {
  return refusingTakenNumbers(() =>
    scope.run(async (tx) => {
      const visit = await writableVisit(tx, scope, body.visitId, {
        patient: { id: body.patientId, field: 'patientId', code: 'mc.patientNotOfVisit' },
      });
      const values = await valuesOf(tx, visit.branchId, visit.doctorId, body);
      let mcNo = body.mcNo;
      if (mcNo) {
        if (await repo.mcNoTaken(tx, visit.branchId, mcNo)) {
          throw fieldError('mcNo', 'mc.mcNoTaken');
        }
      } else {
        mcNo = await assignMcNo(tx, visit.branchId, Number(body.issuedDate.slice(0, 4)));
      }
      const id = await repo.insertCertificate(
        tx,
        {
          branchId: visit.branchId,
          visitId: visit.id,
          patientId: visit.patientId,
          mcNo,
          createdBy: scope.userId,
        },
        values,
      );
      return reload(tx, id);
    }),
  );
}

/** The certificate to change: live, of the caller's branch, its visit not voided. */
async function writableCertificate(tx: TenantTx, scope: BranchScope, id: string) {
  const current = await repo.findCertificate(tx, id);
  if (!current) throw notFound('mc.notFound');
  const visit = await writableVisit(tx, scope, current.visitId);
  return { current, visit };
}

export function updateCertificate(
  scope: BranchScope,
  id: string,
  body: McUpdateBody,
): Promise<McRecord> {
  return scope.run(async (tx) => {
    const { current, visit } = await writableCertificate(tx, scope, id);
    if (body.mcNo && body.mcNo !== current.mcNo) throw fieldError('mcNo', 'mc.mcNoFixed');
    const values = await valuesOf(tx, visit.branchId, current.doctorId, body);
    if (!(await repo.updateCertificate(tx, id, body.version, scope.userId, values))) {
      throw conflict();
    }
    return reload(tx, id);
  });
}

/** Deletes a certificate (its number stays taken); answers it as deleted. */
export function deleteCertificate(
  scope: BranchScope,
  id: string,
  version: number,
): Promise<McRecord> {
  return scope.run(async (tx) => {
    const { current } = await writableCertificate(tx, scope, id);
    if (!(await repo.deleteCertificate(tx, id, version, scope.userId))) throw conflict();
    return { ...current, version: current.version + 1 };
  });
}

/** The print data of a certificate (doc 3 section 3.4). */
export function certificateReport(scope: BranchScope, id: string): Promise<McReport> {
  return scope.run(async (tx) => {
    const report = await repo.certificateReport(tx, id);
    if (!report) throw notFound('mc.notFound');
    return report;
  });
}
