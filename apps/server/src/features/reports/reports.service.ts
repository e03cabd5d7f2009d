import { ageOn, countries, type PatientLabelData, type ReportHeader } from '@clinic/domain';
import type { TenantRunner } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import * as repo from './reports.repo.ts';

const countryNames = new Map(
  countries.map((country) => [country.countryCode, country.countryName]),
);

/** The API path of a branch's logo (what `ReportHeader.logo` names). */
export const logoPath = (branchId: string) => `/reports/${branchId}/logo`;

/** The report header of a branch (doc 3 section 3.1). */
export async function reportHeader(run: TenantRunner, branchId: string): Promise<ReportHeader> {
  return run(async (tx) => {
    const branch = await repo.headerFacts(tx, branchId);
    if (!branch) throw notFound('branch.notFound');
    const owner = await repo.clinicOwner(tx);
    const hasLogo = Boolean(branch.hasLogo);
    return {
      branchId: branch.id,
      branchCode: branch.code,
      branchName: branch.name,
      branchAddress: branch.address,
      branchCountryName: countryNames.get(branch.country) ?? branch.country,
      branchPostal: branch.postal,
      branchPhone: branch.phone,
      branchFax: branch.fax,
      coRegistrationNo: branch.companyRegistrationNo,
      taxRegistrationNo: branch.taxRegistrationNo,
      logo: hasLogo ? logoPath(branch.id) : null,
      hasLogo,
      tenant: {
        code: branch.subdomain,
        clinicName: branch.clinicName,
        email: owner?.email ?? null,
        owner: owner ? { firstName: owner.firstName, lastName: owner.lastName } : null,
      },
    };
  });
}

/** A branch's logo image: refused (404) for a branch not the user's, or one with none. */
export async function branchLogo(
  run: TenantRunner,
  branchId: string,
  userId: string,
): Promise<{ image: Buffer; contentType: string }> {
  const row = await run((tx) => repo.branchLogo(tx, branchId, userId));
  if (!row) throw notFound('branch.notFound');
  if (!row.logo) throw notFound('report.noLogo');
  return { image: row.logo, contentType: row.logoContentType ?? 'application/octet-stream' };
}

/** The patient label (doc 3 section 3.2); its route declares the audit row of the read. */
export function patientLabel(scope: BranchScope, patientId: string): Promise<PatientLabelData> {
  return scope.run(async (tx) => {
    const patient = await repo.labelFacts(tx, patientId);
    if (!patient) throw notFound('patient.notFound');
    const clinic = await clinicContext(tx, scope.branchId);
    return {
      id: patient.id,
      name: patient.name,
      idType: patient.idType,
      nric: patient.nric,
      race: null,
      birthDate: patient.birthDate,
      phone: [patient.telCode, patient.contactNo].filter(Boolean).join(' '),
      telephone: null,
      cardNo: patient.cardNo,
      gender: patient.gender,
      age: ageOn(patient.birthDate, clinic.today),
      nationality: patient.nationality,
      address:
        [patient.homeAddress, patient.homePostal].filter((part) => part?.trim()).join(' ') || null,
    };
  });
}
