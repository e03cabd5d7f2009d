/**
 * The clinic's frequency list (prescription settings, `type=frequency`) as the dose
 * arithmetic reads it. The server checks a line with it and the editor previews the line
 * with it, so both compute the same quantity from the same entries.
 *
 * Decisions where the spec is silent (ours): an entry is `dosesPerCycle` doses every
 * `cycleDays` days; an entry without them is STAT (code STAT: one dose) or as needed (any
 * other code). A clinic whose list is empty gets our usual frequencies.
 */
import { MEDICATION_FREQUENCIES, type FrequencyRule, type MedicationFrequency } from './dose.ts';

/** The fields of a frequency entry the arithmetic reads. */
export interface FrequencySetting {
  code: string;
  description: string;
  dosesPerCycle: number | null;
  cycleDays: number | null;
}

/** One entry of the frequency list as a dose arithmetic rule. */
export function frequencyOfSetting(setting: FrequencySetting): MedicationFrequency {
  let rule: FrequencyRule;
  if (setting.dosesPerCycle !== null && setting.cycleDays !== null) {
    rule = { kind: 'regular', times: setting.dosesPerCycle, every: setting.cycleDays, unit: 'day' };
  } else if (setting.code.toUpperCase() === 'STAT') rule = { kind: 'once' };
  else rule = { kind: 'asNeeded' };
  return { code: setting.code, name: setting.description, rule };
}

/** The clinic's active frequency entries as rules (ours when it has none). */
export function clinicFrequencyList(settings: readonly FrequencySetting[]): MedicationFrequency[] {
  return settings.length > 0 ? settings.map(frequencyOfSetting) : [...MEDICATION_FREQUENCIES];
}
