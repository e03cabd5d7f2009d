/** The doctors' helpers of the queue: picker, colours, sort names (schema: doctors.ts). */
import { UserType } from '../accounts/users.ts';
import type { DoctorOption } from './doctors.ts';

/** The doctor picker lists only doctors (user type '50') who are not off duty. */
export function pickableDoctors<T extends Pick<DoctorOption, 'offDuty' | 'userType'>>(
  options: readonly T[],
): T[] {
  return options.filter((option) => !option.offDuty && option.userType === UserType.doctor);
}

/**
 * Fifteen distinct colours for doctor chips, each dark enough for white text (WCAG AA,
 * contrast 4.5 or more), in an order where neighbours differ in hue.
 */
export const DOCTOR_PALETTE = [
  '#1D4ED8',
  '#B91C1C',
  '#15803D',
  '#7E22CE',
  '#C2410C',
  '#0F766E',
  '#BE185D',
  '#4338CA',
  '#A16207',
  '#0369A1',
  '#9F1239',
  '#4D7C0F',
  '#0E7490',
  '#78350F',
  '#475569',
] as const;

/** The colour of the doctor at `index` of the available doctors; the palette repeats. */
export function doctorColour(index: number): string {
  const size = DOCTOR_PALETTE.length;
  const at = ((Math.trunc(index) % size) + size) % size;
  return DOCTOR_PALETTE[at] ?? DOCTOR_PALETTE[0];
}

/** Each pickable doctor's colour, by id, in the order of the options. */
export function doctorColours<T extends DoctorOption>(options: readonly T[]): Map<string, string> {
  return new Map(pickableDoctors(options).map((doctor, index) => [doctor.id, doctorColour(index)]));
}

/**
 * The name the queue sorts and shows doctors by: 'Dr. ' and the name when the doctor has
 * an MCR (medical registration) number, the name alone otherwise. A name that already
 * starts with 'Dr' is not prefixed twice.
 */
export function doctorSortName(fullName: string, mcr: string | null | undefined): string {
  const name = fullName.trim();
  if (!mcr?.trim() || /^dr\.?(\s|$)/i.test(name)) return name;
  return `Dr. ${name}`;
}
