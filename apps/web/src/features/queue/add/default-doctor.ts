import type { DoctorOption } from '@clinic/domain';

/** The doctor last queued from this browser, offered first next time (doc 1 section 4). */
export const DEFAULT_DOCTOR_KEY = 'defaultDoctor';

/** The remembered doctor, while still one the picker offers. */
export function rememberedDoctor(
  doctors: readonly DoctorOption[],
  storage: Storage = localStorage,
): string | null {
  const id = storage.getItem(DEFAULT_DOCTOR_KEY);
  return doctors.some((doctor) => doctor.id === id) ? id : null;
}

export function rememberDoctor(doctorId: string, storage: Storage = localStorage): void {
  storage.setItem(DEFAULT_DOCTOR_KEY, doctorId);
}
