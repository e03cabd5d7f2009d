import { nricFor, type NricPrefix } from '@clinic/domain';
import type { Random } from './random.ts';

/**
 * Plausible Singapore people: names by community (Chinese, Malay, Indian, others, in
 * roughly the census shares), NRIC or FIN numbers with a valid check letter, mobile
 * numbers, HDB-style addresses whose postal code matches the estate's district.
 */

// prettier-ignore
const CHINESE_SURNAMES = [
  'Tan', 'Lim', 'Lee', 'Ng', 'Ong', 'Wong', 'Goh', 'Chua', 'Chan', 'Koh', 'Teo', 'Ang', 'Yeo',
  'Tay', 'Ho', 'Low', 'Toh', 'Sim', 'Chong', 'Chia', 'Seah', 'Foo', 'Leong', 'Heng', 'Lau',
  'Yap', 'Quek', 'Pang', 'Kwek', 'Soh', 'Chew', 'Liew', 'Neo', 'Loh', 'Wee', 'Khoo', 'Tham',
  'Phua', 'Ting', 'Yong',
] as const;
// prettier-ignore
const CHINESE_SYLLABLES = [
  'Wei', 'Jie', 'Hui', 'Min', 'Xin', 'Yi', 'Jun', 'Hao', 'Ling', 'Mei', 'Kok', 'Seng', 'Boon',
  'Huat', 'Siew', 'Lan', 'Chee', 'Keong', 'Shu', 'Fen', 'Li', 'Ying', 'Zhi', 'Hong', 'Kai',
  'Wen', 'Jia', 'Qi', 'Yu', 'Xuan', 'Ming', 'Yong', 'Kiat', 'Beng', 'Swee', 'Poh', 'Choon',
  'Eng', 'Geok', 'Hwee',
] as const;
// prettier-ignore
const ENGLISH_MALE = [
  'Daniel', 'Jonathan', 'Kelvin', 'Marcus', 'Bryan', 'Ryan', 'Gabriel', 'Ethan', 'Nicholas',
  'Benjamin', 'Darren', 'Jeremy', 'Raymond', 'Vincent', 'Alvin', 'Desmond', 'Eugene', 'Samuel',
] as const;
// prettier-ignore
const ENGLISH_FEMALE = [
  'Rachel', 'Michelle', 'Jasmine', 'Vanessa', 'Cheryl', 'Nicole', 'Joanne', 'Chloe', 'Grace',
  'Sharon', 'Audrey', 'Evelyn', 'Stephanie', 'Germaine', 'Felicia', 'Charmaine', 'Valerie',
] as const;
// prettier-ignore
const MALAY_MALE = [
  'Muhammad', 'Ahmad', 'Mohamed', 'Abdul', 'Hafiz', 'Faizal', 'Iskandar', 'Zulkifli', 'Rizal',
  'Hakim', 'Irfan', 'Syafiq', 'Amir', 'Farhan', 'Khairul', 'Haikal', 'Danial', 'Imran',
] as const;
// prettier-ignore
const MALAY_FEMALE = [
  'Nur', 'Siti', 'Nurul', 'Aisyah', 'Farah', 'Nadia', 'Liyana', 'Syahirah', 'Hidayah',
  'Zarina', 'Aminah', 'Fatimah', 'Norhayati', 'Izzati', 'Aqilah', 'Shahira',
] as const;
// prettier-ignore
const MALAY_FATHERS = [
  'Rahman', 'Ismail', 'Osman', 'Hassan', 'Abdullah', 'Ibrahim', 'Yusof', 'Salleh', 'Hamid',
  'Ali', 'Kassim', 'Jaafar', 'Sulaiman', 'Rashid', 'Mohamad', 'Ahmad', 'Hussain', 'Zainal',
] as const;
// prettier-ignore
const INDIAN_MALE = [
  'Rajesh', 'Suresh', 'Ravi', 'Arun', 'Vijay', 'Ganesh', 'Prakash', 'Sanjay', 'Karthik',
  'Ramesh', 'Senthil', 'Bala', 'Dinesh', 'Vikram', 'Mohan', 'Naveen', 'Harish', 'Gopal',
] as const;
// prettier-ignore
const INDIAN_FEMALE = [
  'Priya', 'Kavitha', 'Lakshmi', 'Devi', 'Anita', 'Meena', 'Shanti', 'Revathi', 'Deepa',
  'Nirmala', 'Sangeetha', 'Kalaivani', 'Divya', 'Malathi', 'Vasanthi', 'Shalini',
] as const;
// prettier-ignore
const INDIAN_FATHERS = [
  'Subramaniam', 'Krishnan', 'Ramasamy', 'Pillai', 'Nair', 'Muthu', 'Rajan', 'Govindasamy',
  'Chandran', 'Raju', 'Kumar', 'Narayanan', 'Velu', 'Maniam', 'Arumugam', 'Perumal',
] as const;
// prettier-ignore
const OTHER_SURNAMES = [
  'Fernandez', 'De Souza', 'Pereira', 'Rodrigues', 'Smith', 'Santos', 'Reyes', 'Cruz',
  'Nguyen', 'Tanaka', 'Kim', 'Müller', 'Brown', 'Wilson', 'Garcia', 'Schmidt',
] as const;

/** Estates with the first two digits of their postal codes (the postal sector). */
// prettier-ignore
const ESTATES: ReadonlyArray<readonly [street: string, sector: string]> = [
  ['Toa Payoh Lorong 1', '31'], ['Toa Payoh Lorong 6', '31'], ['Bishan Street 22', '57'],
  ['Ang Mo Kio Avenue 3', '56'], ['Ang Mo Kio Avenue 10', '56'], ['Jurong East Street 21', '60'],
  ['Jurong West Street 41', '64'], ['Tampines Street 41', '52'], ['Tampines Avenue 5', '52'],
  ['Bedok North Road', '46'], ['Bedok Reservoir Road', '47'], ['Yishun Ring Road', '76'],
  ['Woodlands Drive 14', '73'], ['Sengkang East Way', '54'], ['Punggol Field', '82'],
  ['Clementi Avenue 3', '12'], ['Hougang Avenue 8', '53'], ['Serangoon North Avenue 1', '55'],
  ['Choa Chu Kang Avenue 4', '68'], ['Bukit Batok West Avenue 6', '65'], ['Pasir Ris Drive 6', '51'],
  ['Bukit Merah View', '15'], ['Queenstown Road', '16'], ['Marine Parade Road', '44'],
  ['Geylang Bahru', '33'], ['Sembawang Drive', '75'], ['Bukit Panjang Ring Road', '67'],
];

const FOREIGN_NATIONALITIES = ['MY', 'CN', 'IN', 'PH', 'ID', 'MM', 'VN', 'GB', 'US', 'AU'];

export type Community = 'chinese' | 'malay' | 'indian' | 'other';

export function community(random: Random): Community {
  const r = random.next();
  if (r < 0.74) return 'chinese';
  if (r < 0.87) return 'malay';
  if (r < 0.96) return 'indian';
  return 'other';
}

export function personName(random: Random, of: Community, male: boolean): string {
  switch (of) {
    case 'chinese': {
      const chinese = `${random.pick(CHINESE_SURNAMES)} ${random.pick(CHINESE_SYLLABLES)} ${random.pick(CHINESE_SYLLABLES)}`;
      return random.chance(0.3)
        ? `${random.pick(male ? ENGLISH_MALE : ENGLISH_FEMALE)} ${chinese}`
        : chinese;
    }
    case 'malay':
      return male
        ? `${random.pick(MALAY_MALE)} ${random.pick(MALAY_MALE)} bin ${random.pick(MALAY_FATHERS)}`
        : `${random.pick(MALAY_FEMALE)} ${random.pick(MALAY_FEMALE)} binte ${random.pick(MALAY_FATHERS)}`;
    case 'indian':
      return `${random.pick(male ? INDIAN_MALE : INDIAN_FEMALE)} ${male ? 's/o' : 'd/o'} ${random.pick(INDIAN_FATHERS)}`;
    case 'other':
      return `${random.pick(male ? ENGLISH_MALE : ENGLISH_FEMALE)} ${random.pick(OTHER_SURNAMES)}`;
  }
}

/**
 * The 7 digits of an identity number: the birth year's last two digits, then a serial
 * unique among the tenant's patients born in that year (at most 100,000 per year).
 */
export function identityDigits(birthYear: number, serial: number): string {
  if (serial >= 100_000) throw new RangeError(`Too many patients born in ${birthYear}`);
  return `${String(birthYear % 100).padStart(2, '0')}${String(serial).padStart(5, '0')}`;
}

/** NRIC for residents (S before 2000, T from 2000), FIN for foreigners (F, G from 2000). */
export function identityNumber(resident: boolean, birthYear: number, digits: string): string {
  const from2000 = birthYear >= 2000;
  const prefix: NricPrefix = resident ? (from2000 ? 'T' : 'S') : from2000 ? 'G' : 'F';
  return nricFor(prefix, digits);
}

export function nationality(random: Random, resident: boolean): string {
  return resident ? 'SG' : random.pick(FOREIGN_NATIONALITIES);
}

/** A Singapore mobile number: 8 digits starting with 8 or 9. */
export function mobileNumber(random: Random): string {
  return `${random.chance(0.6) ? 9 : 8}${String(random.int(10_000_000)).padStart(7, '0')}`;
}

export function homeAddress(random: Random): { address: string; postal: string } {
  const [street, sector] = random.pick(ESTATES);
  const block = random.between(1, 999);
  const floor = random.between(2, 25);
  const unit = random.between(1, 999);
  return {
    address: `Blk ${block} ${street} #${String(floor).padStart(2, '0')}-${String(unit).padStart(3, '0')}`,
    postal: `${sector}${String(block).padStart(4, '0')}`,
  };
}
