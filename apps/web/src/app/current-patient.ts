/**
 * 'Current Patient' of the side navigation (doc 1 section 2.3): the patient last opened in
 * each branch, and the few opened recently (the empty-patient page lists them). Kept in
 * local storage under `STORAGE.currentPatient`, which sign-out clears, so no name outlives
 * the session on a shared computer.
 */
import { STORAGE } from '../api/session.ts';

export interface RecentPatient {
  id: string;
  name: string;
}

interface Stored {
  /** The last patient opened, by branch code. */
  byBranch: Record<string, string>;
  recent: RecentPatient[];
}

export const RECENT_PATIENTS_MAX = 8;

function read(): Stored {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE.currentPatient) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return { byBranch: {}, recent: [] };
    const stored = value as Partial<Stored>;
    return {
      byBranch: typeof stored.byBranch === 'object' && stored.byBranch ? stored.byBranch : {},
      recent: Array.isArray(stored.recent) ? stored.recent : [],
    };
  } catch {
    return { byBranch: {}, recent: [] };
  }
}

/** The address under /{branchCode} that 'Current Patient' opens. */
export function currentPatientPath(branchCode: string): string {
  const id = read().byBranch[branchCode];
  return id ? `patients/${id}` : 'patients';
}

/** Patients opened recently, the latest first. */
export function recentPatients(): RecentPatient[] {
  return read().recent;
}

/** Remembers that `patient` was opened in `branchCode`. */
export function rememberPatient(branchCode: string, patient: RecentPatient): void {
  const stored = read();
  const recent = [patient, ...stored.recent.filter((item) => item.id !== patient.id)].slice(
    0,
    RECENT_PATIENTS_MAX,
  );
  const next: Stored = { byBranch: { ...stored.byBranch, [branchCode]: patient.id }, recent };
  try {
    localStorage.setItem(STORAGE.currentPatient, JSON.stringify(next));
  } catch {
    // Storage full or refused: the side navigation then opens the empty-patient page.
  }
}
