import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Referrals out (issue 14, doc 2 sections 2.5, 3, 4.3) and the HSG option lists.
 * - `referrals_out`: one per referral letter written in a visit, in the visit's branch, with
 *   every field of the spec; status (1 draft ... 6 corrected) and send status (1 unsent ...
 *   4 fail); voided (3) keeps its reason and time. The included diagnosis and medications
 *   are a snapshot taken at each save (the letter says what was true when it was written).
 * - `referral_institutions`, `referral_specialties`: the clinic's lists (administrable),
 *   an institution naming the referral types it takes (`referral_types`), and
 *   `referral_institution_specialties` which specialties each one offers.
 * - `seed_referral_lists(tenant)`: Singapore's public hospitals, national specialty
 *   centres, polyclinics and emergency departments / urgent care centres, for every clinic
 *   (here for the existing ones; registration calls it for new ones).
 * A referral letter is a record: the API role may not delete referrals.
 */
type Institution = [code: string, description: string, types: number[], specialties: string[]];

const GENERAL = [
  'CAR',
  'DER',
  'END',
  'ENT',
  'GAS',
  'GER',
  'GM',
  'GS',
  'NEP',
  'NEU',
  'OG',
  'ONC',
  'OPH',
  'ORT',
  'PSY',
  'RES',
  'RHE',
  'URO',
  'VAS',
];
const ELECTIVE = [1, 2];
const EMERGENCY = [3, 4];

export const REFERRAL_SPECIALTIES: [code: string, description: string][] = [
  ['CAR', 'Cardiology'],
  ['DEN', 'Dental'],
  ['DER', 'Dermatology'],
  ['EMD', 'Emergency Medicine'],
  ['END', 'Endocrinology'],
  ['ENT', 'Otorhinolaryngology (ENT)'],
  ['FM', 'Family Medicine'],
  ['GAS', 'Gastroenterology and Hepatology'],
  ['GER', 'Geriatric Medicine'],
  ['GM', 'General Medicine'],
  ['GS', 'General Surgery'],
  ['NEP', 'Renal Medicine'],
  ['NEU', 'Neurology'],
  ['OG', 'Obstetrics and Gynaecology'],
  ['ONC', 'Medical Oncology'],
  ['OPH', 'Ophthalmology'],
  ['ORT', 'Orthopaedic Surgery'],
  ['PAE', 'Paediatrics'],
  ['PSY', 'Psychiatry'],
  ['RES', 'Respiratory Medicine'],
  ['RHE', 'Rheumatology'],
  ['URO', 'Urology'],
  ['VAS', 'Vascular Surgery'],
];

const polyclinic = (code: string, name: string): Institution => [
  code,
  `${name} Polyclinic`,
  ELECTIVE,
  ['FM', 'DEN'],
];

export const REFERRAL_INSTITUTIONS: Institution[] = [
  ['SGH', 'Singapore General Hospital', ELECTIVE, GENERAL],
  ['CGH', 'Changi General Hospital', ELECTIVE, GENERAL],
  ['TTSH', 'Tan Tock Seng Hospital', ELECTIVE, GENERAL],
  ['KTPH', 'Khoo Teck Puat Hospital', ELECTIVE, GENERAL],
  ['NUH', 'National University Hospital', ELECTIVE, [...GENERAL, 'PAE']],
  ['NTFGH', 'Ng Teng Fong General Hospital', ELECTIVE, GENERAL],
  ['SKH', 'Sengkang General Hospital', ELECTIVE, GENERAL],
  ['WH', 'Woodlands Health', ELECTIVE, GENERAL],
  ['AH', 'Alexandra Hospital', ELECTIVE, ['GM', 'GER', 'ORT', 'RES', 'END']],
  ['KKH', "KK Women's and Children's Hospital", ELECTIVE, ['OG', 'PAE']],
  ['IMH', 'Institute of Mental Health', ELECTIVE, ['PSY']],
  ['NCCS', 'National Cancer Centre Singapore', ELECTIVE, ['ONC']],
  ['NHCS', 'National Heart Centre Singapore', ELECTIVE, ['CAR']],
  ['NNI', 'National Neuroscience Institute', ELECTIVE, ['NEU']],
  ['SNEC', 'Singapore National Eye Centre', ELECTIVE, ['OPH']],
  ['NSC', 'National Skin Centre', ELECTIVE, ['DER']],
  ['NDCS', 'National Dental Centre Singapore', ELECTIVE, ['DEN']],
  polyclinic('PAMK', 'Ang Mo Kio'),
  polyclinic('PBDK', 'Bedok'),
  polyclinic('PBBT', 'Bukit Batok'),
  polyclinic('PBMH', 'Bukit Merah'),
  polyclinic('PCCK', 'Choa Chu Kang'),
  polyclinic('PCLM', 'Clementi'),
  polyclinic('PGEY', 'Geylang'),
  polyclinic('PHGN', 'Hougang'),
  polyclinic('PJRG', 'Jurong'),
  polyclinic('PMRP', 'Marine Parade'),
  polyclinic('POUT', 'Outram'),
  polyclinic('PPRS', 'Pasir Ris'),
  polyclinic('PPGL', 'Punggol'),
  polyclinic('PQTN', 'Queenstown'),
  polyclinic('PSKG', 'Sengkang'),
  polyclinic('PTMP', 'Tampines'),
  polyclinic('PTPY', 'Toa Payoh'),
  polyclinic('PWDL', 'Woodlands'),
  polyclinic('PYSN', 'Yishun'),
  ['H1', 'Singapore General Hospital Emergency Department', EMERGENCY, ['EMD']],
  ['H2', 'Changi General Hospital Emergency Department', EMERGENCY, ['EMD']],
  ['H3', 'Tan Tock Seng Hospital Emergency Department', EMERGENCY, ['EMD']],
  ['H4', 'Khoo Teck Puat Hospital Emergency Department', EMERGENCY, ['EMD']],
  ['H5', 'National University Hospital Emergency Department', EMERGENCY, ['EMD']],
  ['H6', 'Ng Teng Fong General Hospital Emergency Department', EMERGENCY, ['EMD']],
  ['H7', 'Sengkang General Hospital Emergency Department', EMERGENCY, ['EMD']],
  ['H8', 'Woodlands Hospital Emergency Department', EMERGENCY, ['EMD']],
  ['H9', "KK Women's and Children's Hospital Children's Emergency", EMERGENCY, ['EMD', 'PAE']],
  ['U1', 'Alexandra Hospital Urgent Care Centre', EMERGENCY, ['EMD']],
];

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

const institutionRows = REFERRAL_INSTITUTIONS.map(
  ([code, description, types], index) =>
    `(${quoted(code)}, ${quoted(description)}, ARRAY[${types.join(', ')}]::smallint[], ${index})`,
).join(',\n         ');
const specialtyRows = REFERRAL_SPECIALTIES.map(
  ([code, description], index) => `(${quoted(code)}, ${quoted(description)}, ${index})`,
).join(',\n         ');
const offeredRows = REFERRAL_INSTITUTIONS.flatMap(([institution, , , specialties]) =>
  specialties.map((specialty) => `(${quoted(institution)}, ${quoted(specialty)})`),
).join(',\n         ');

const CROSS_TENANT = [
  'tenants',
  'referral_institutions',
  'referral_specialties',
  'referral_institution_specialties',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE referral_institutions (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       code text NOT NULL,
       description text NOT NULL,
       referral_types smallint[] NOT NULL DEFAULT '{1,2}'
         CHECK (referral_types <@ ARRAY[1, 2, 3, 4]::smallint[]),
       is_active boolean NOT NULL DEFAULT true,
       sort_order integer NOT NULL DEFAULT 0,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, code)
     )`,
    ...tenantOwned('referral_institutions'),

    `CREATE TABLE referral_specialties (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       code text NOT NULL,
       description text NOT NULL,
       is_active boolean NOT NULL DEFAULT true,
       sort_order integer NOT NULL DEFAULT 0,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, code)
     )`,
    ...tenantOwned('referral_specialties'),

    `CREATE TABLE referral_institution_specialties (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       institution_code text NOT NULL,
       specialty_code text NOT NULL,
       PRIMARY KEY (tenant_id, institution_code, specialty_code),
       FOREIGN KEY (tenant_id, institution_code)
         REFERENCES referral_institutions (tenant_id, code) ON UPDATE CASCADE ON DELETE CASCADE,
       FOREIGN KEY (tenant_id, specialty_code)
         REFERENCES referral_specialties (tenant_id, code) ON UPDATE CASCADE ON DELETE CASCADE
     )`,
    ...tenantOwned('referral_institution_specialties'),

    `CREATE TABLE referrals_out (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       visit_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       doctor_id uuid NOT NULL,
       hci_code text,
       issue_date timestamptz NOT NULL,
       is_hsg boolean NOT NULL DEFAULT false,
       referral_type smallint CHECK (referral_type IN (1, 2, 3, 4)),
       referral_institution text,
       referral_institution_description text,
       specially_service text,
       specially_service_description text,
       refer_to text,
       referral_reason text,
       drug_allergies text,
       diagnosis_text text,
       medical_history text,
       treatments text,
       is_named_doctor boolean NOT NULL DEFAULT false,
       doctor_name text,
       is_related_to_chas boolean NOT NULL DEFAULT false,
       is_related_to_sfl boolean NOT NULL DEFAULT false,
       is_related_to_vcdss boolean NOT NULL DEFAULT false,
       is_related_to_none boolean NOT NULL DEFAULT false,
       patient_request text
         CHECK (patient_request IN ('Subsidised Referral', 'Private-rate Referral')),
       bill_size_cents integer CHECK (bill_size_cents >= 0),
       note text,
       fast_track_reason text,
       is_including_diagnosis boolean NOT NULL DEFAULT false,
       is_including_medication boolean NOT NULL DEFAULT false,
       is_including_procedure boolean NOT NULL DEFAULT false,
       is_including_review boolean NOT NULL DEFAULT false,
       diagnosis jsonb NOT NULL DEFAULT '[]',
       medications jsonb NOT NULL DEFAULT '[]',
       procedure_content text,
       review_content text,
       referral_letter text,
       referral_status smallint NOT NULL DEFAULT 1 CHECK (referral_status BETWEEN 1 AND 6),
       send_status smallint NOT NULL DEFAULT 1 CHECK (send_status BETWEEN 1 AND 4),
       modified_reason text,
       modified_at timestamptz,
       voided_reason text,
       voided_at timestamptz,
       voided_by uuid,
       created_by uuid NOT NULL,
       updated_by uuid,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK (referral_status <> 3 OR (voided_reason IS NOT NULL AND voided_at IS NOT NULL)),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, doctor_id) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, voided_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE INDEX referrals_out_patient ON referrals_out (tenant_id, patient_id, issue_date DESC)`,
    `CREATE INDEX referrals_out_visit ON referrals_out (tenant_id, visit_id)`,
    ...tenantOwned('referrals_out'),
    `REVOKE DELETE ON referrals_out FROM clinic_app`,

    `CREATE FUNCTION seed_referral_lists(tenant uuid) RETURNS void
       LANGUAGE sql AS $$
       INSERT INTO referral_specialties (tenant_id, code, description, sort_order)
       SELECT tenant, v.* FROM (VALUES
         ${specialtyRows}
       ) AS v
       ON CONFLICT DO NOTHING;
       INSERT INTO referral_institutions (tenant_id, code, description, referral_types, sort_order)
       SELECT tenant, v.* FROM (VALUES
         ${institutionRows}
       ) AS v
       ON CONFLICT DO NOTHING;
       INSERT INTO referral_institution_specialties (tenant_id, institution_code, specialty_code)
       SELECT tenant, v.* FROM (VALUES
         ${offeredRows}
       ) AS v
       ON CONFLICT DO NOTHING;
     $$`,
    `GRANT EXECUTE ON FUNCTION seed_referral_lists(uuid) TO clinic_app`,

    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`),
    `SELECT seed_referral_lists(t.id) FROM tenants t`,
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`),
  ]);
}
