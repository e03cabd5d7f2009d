import type { DoctorOption } from '@clinic/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_KEY, rememberDoctor, rememberedDoctor } from './default-doctor.ts';

const lim: DoctorOption = {
  id: '30000000-0000-4000-8000-000000000001',
  fullName: 'Lim',
  offDuty: false,
  userType: '50',
};

describe('default doctor', () => {
  beforeEach(() => localStorage.clear());

  it('remembers the doctor under defaultDoctor', () => {
    rememberDoctor(lim.id);
    expect(localStorage.getItem(DEFAULT_DOCTOR_KEY)).toBe(lim.id);
    expect(rememberedDoctor([lim])).toBe(lim.id);
  });

  it('forgets a doctor the picker no longer offers', () => {
    rememberDoctor(lim.id);
    expect(rememberedDoctor([])).toBeNull();
  });
});
