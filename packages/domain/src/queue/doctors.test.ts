import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, isHexColour } from '../common/colours.ts';
import {
  DOCTOR_PALETTE,
  DoctorOption,
  doctorColour,
  doctorColours,
  doctorSortName,
  pickableDoctors,
} from './doctors.ts';

const doctors = [
  { id: '11111111-1111-4111-8111-111111111111', fullName: 'Lim', offDuty: false, userType: '50' },
  { id: '22222222-2222-4222-8222-222222222222', fullName: 'Ong', offDuty: true, userType: '50' },
  {
    id: '33333333-3333-4333-8333-333333333333',
    fullName: 'Nurse Lee',
    offDuty: false,
    userType: 'Nurse',
  },
  { id: '44444444-4444-4444-8444-444444444444', fullName: 'Goh', offDuty: false, userType: '50' },
];

describe('doctor picker', () => {
  it('lists only doctors on duty', () => {
    expect(pickableDoctors(doctors).map((d) => d.fullName)).toEqual(['Lim', 'Goh']);
    expect(DoctorOption.parse(doctors[0])).toEqual(doctors[0]);
  });

  it('gives each available doctor a colour in order', () => {
    expect(doctorColours(doctors)).toEqual(
      new Map([
        ['11111111-1111-4111-8111-111111111111', DOCTOR_PALETTE[0]],
        ['44444444-4444-4444-8444-444444444444', DOCTOR_PALETTE[1]],
      ]),
    );
  });
});

describe('doctor palette', () => {
  it('has 15 distinct colours, each readable with white text', () => {
    expect(DOCTOR_PALETTE).toHaveLength(15);
    expect(new Set(DOCTOR_PALETTE.map((c) => c.toLowerCase())).size).toBe(15);
    for (const colour of DOCTOR_PALETTE) {
      expect(isHexColour(colour)).toBe(true);
      expect(contrastRatio(colour, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('repeats the palette for any index', () => {
    expect(doctorColour(0)).toBe(DOCTOR_PALETTE[0]);
    expect(doctorColour(14)).toBe(DOCTOR_PALETTE[14]);
    expect(doctorColour(15)).toBe(DOCTOR_PALETTE[0]);
    expect(doctorColour(-1)).toBe(DOCTOR_PALETTE[14]);
    fc.assert(
      fc.property(fc.integer(), (i) => doctorColour(i) === doctorColour(i + DOCTOR_PALETTE.length)),
    );
  });
});

describe('doctor sort name', () => {
  it("adds 'Dr. ' when the doctor has an MCR", () => {
    expect(doctorSortName('Lim Wei Ming', 'M12345A')).toBe('Dr. Lim Wei Ming');
    expect(doctorSortName(' Lim Wei Ming ', null)).toBe('Lim Wei Ming');
    expect(doctorSortName('Lim Wei Ming', '  ')).toBe('Lim Wei Ming');
    expect(doctorSortName('Lim Wei Ming', undefined)).toBe('Lim Wei Ming');
  });

  it('does not add it twice', () => {
    expect(doctorSortName('Dr. Lim', 'M12345A')).toBe('Dr. Lim');
    expect(doctorSortName('dr Lim', 'M12345A')).toBe('dr Lim');
    expect(doctorSortName('Drew Tan', 'M12345A')).toBe('Dr. Drew Tan');
  });
});
