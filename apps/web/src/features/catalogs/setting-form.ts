import {
  CATALOG_MESSAGES,
  SettingCreateBody,
  type PrescriptionSetting,
  type PrescriptionSettingList,
} from '@clinic/domain';
import { checkWith, type Checked } from '../../components/form/field-errors.ts';

/** An entry of a prescription settings list, as its form holds it. */
export type SettingForm = {
  code: string;
  description: string;
  /** Frequency only. */
  dosesPerCycle: string;
  cycleDays: string;
  sortOrder: string;
  isActive: boolean;
};

export const EMPTY_SETTING: SettingForm = {
  code: '',
  description: '',
  dosesPerCycle: '',
  cycleDays: '',
  sortOrder: '0',
  isActive: true,
};

export function settingFormOf(entry: PrescriptionSetting): SettingForm {
  return {
    code: entry.code,
    description: entry.description,
    dosesPerCycle: entry.dosesPerCycle === null ? '' : String(entry.dosesPerCycle),
    cycleDays: entry.cycleDays === null ? '' : String(entry.cycleDays),
    sortOrder: String(entry.sortOrder),
    isActive: entry.isActive,
  };
}

/** '' is nothing; a number as typed; other text is left for the schema to refuse. */
function typed(text: string): number | string | null {
  const value = text.trim();
  if (value === '') return null;
  return Number.isFinite(Number(value)) ? Number(value) : value;
}

/**
 * The entry's messages or its body: the domain's schema (the server's words) and the
 * server's rules between fields (a cycle only for a frequency, its two numbers together).
 */
export function checkSetting(
  values: SettingForm,
  list: PrescriptionSettingList,
): Checked<SettingCreateBody> {
  const frequency = list === 'frequency';
  const input = {
    code: values.code,
    description: values.description,
    dosesPerCycle: frequency ? typed(values.dosesPerCycle) : null,
    cycleDays: frequency ? typed(values.cycleDays) : null,
    sortOrder: typed(values.sortOrder) ?? 0,
    isActive: values.isActive,
  };
  const checked = checkWith(SettingCreateBody, input);
  const errors = checked.ok ? {} : { ...checked.errors };
  if (frequency && (input.dosesPerCycle === null) !== (input.cycleDays === null))
    errors[input.dosesPerCycle === null ? 'dosesPerCycle' : 'cycleDays'] ??=
      CATALOG_MESSAGES.settingCycleIncomplete;
  if (!checked.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return checked;
}
