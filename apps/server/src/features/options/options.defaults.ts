import {
  BRANCH_OPTION_LISTS,
  DEFAULT_QUEUE_STATUSES,
  countries,
  type OptionListName,
} from '@clinic/domain';

export type OptionList = OptionListName;

export const BRANCH_LISTS: ReadonlySet<OptionList> = new Set(BRANCH_OPTION_LISTS);

export interface DefaultOption {
  code: string;
  name: string;
  color?: string;
  isDefault?: boolean;
}

const TEL_CODES: DefaultOption[] = [
  { code: '+65', name: 'Singapore', isDefault: true },
  { code: '+60', name: 'Malaysia' },
  { code: '+62', name: 'Indonesia' },
  { code: '+63', name: 'Philippines' },
  { code: '+66', name: 'Thailand' },
  { code: '+84', name: 'Vietnam' },
  { code: '+95', name: 'Myanmar' },
  { code: '+91', name: 'India' },
  { code: '+86', name: 'China' },
  { code: '+852', name: 'Hong Kong' },
  { code: '+886', name: 'Taiwan' },
  { code: '+81', name: 'Japan' },
  { code: '+82', name: 'South Korea' },
  { code: '+61', name: 'Australia' },
  { code: '+64', name: 'New Zealand' },
  { code: '+44', name: 'United Kingdom' },
  { code: '+1', name: 'United States / Canada' },
];

/** NRIC, SB, SH and SP numbers pass the Singapore checksum; NA clears the number. */
const ID_TYPES: DefaultOption[] = [
  { code: 'NRIC', name: 'NRIC', isDefault: true },
  { code: 'SP', name: 'SP: Singapore pink IC' },
  { code: 'SB', name: 'SB: Singapore blue IC' },
  { code: 'SH', name: 'SH: NRIC-based, other' },
  { code: 'FIN', name: 'FIN: foreign identification number' },
  { code: 'PP', name: 'Passport' },
  { code: 'NA', name: 'Not available' },
];

const VISIT_PURPOSES: DefaultOption[] = [
  'Consultation',
  'Follow-up',
  'Chronic Review',
  'Vaccination',
  'Health Screening',
  'Lab Test',
  'Wound Dressing',
  'Medical Certificate',
  'Healthier SG',
].map((code) => ({ code, name: code }));

export const DEFAULT_ROOM_SERVICES = [
  'Consultation Room 1',
  'Consultation Room 2',
  'Treatment Room',
  'Pharmacy',
  'Payment Counter',
];
export const DEFAULT_WAITING_AREAS = ['Main Waiting Area', 'Level 2 Waiting Area'];

/** Dictionaries (`GET /dictionary/options?typeId=1|2|3`); the same lists as migration 2026-11-25T1430. */
const named = (names: string[]): DefaultOption[] => names.map((name) => ({ code: name, name }));
const MC_PURPOSES = named([
  'Sick leave',
  'Hospitalisation leave',
  'Outpatient sick leave',
  'Child care leave',
  'Medical appointment',
  'Unfit for school',
  'Unfit for physical training',
  'Unfit for examination',
]);
const RELATIONSHIPS = named([
  'Father',
  'Mother',
  'Spouse',
  'Son',
  'Daughter',
  'Brother',
  'Sister',
  'Grandparent',
  'Grandchild',
  'Guardian',
  'Friend',
  'Other',
]);
const SALUTATIONS = named(['Mr', 'Mrs', 'Ms', 'Miss', 'Mdm', 'Dr', 'Prof']);

/** What a new clinic starts with, per tenant-wide list. */
export function tenantDefaults(): Record<
  Exclude<OptionList, 'roomService' | 'waitingArea'>,
  DefaultOption[]
> {
  return {
    telCode: TEL_CODES,
    identificationType: ID_TYPES,
    nationality: countries.map(({ countryCode, countryName }) => ({
      code: countryCode,
      name: countryName,
      isDefault: countryCode === 'SG',
    })),
    gender: [
      { code: 'M', name: 'Male' },
      { code: 'F', name: 'Female' },
    ],
    visitPurpose: VISIT_PURPOSES,
    queueStatus: DEFAULT_QUEUE_STATUSES.map((status) => ({
      code: status.code,
      name: status.code,
      color: status.color,
    })),
    cardPrefix: [
      { code: 'P', name: 'P', isDefault: true },
      { code: 'C', name: 'C' },
    ],
    mcPurpose: MC_PURPOSES,
    relationship: RELATIONSHIPS,
    salutation: SALUTATIONS,
  };
}
