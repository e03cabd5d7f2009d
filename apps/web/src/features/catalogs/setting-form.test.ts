import { CATALOG_MESSAGES } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { checkSetting, EMPTY_SETTING } from './setting-form.ts';

describe('prescription settings entry form', () => {
  it('needs a code and a description', () => {
    const checked = checkSetting(EMPTY_SETTING, 'precaution');
    expect(checked).toEqual({
      ok: false,
      errors: { code: 'Code is required', description: 'Description is required' },
    });
  });

  it('gives a frequency both doses per cycle and cycle days, or neither', () => {
    const base = { ...EMPTY_SETTING, code: 'Q4H', description: 'Every 4 hours' };
    expect(checkSetting({ ...base, dosesPerCycle: '6' }, 'frequency')).toEqual({
      ok: false,
      errors: { cycleDays: CATALOG_MESSAGES.settingCycleIncomplete },
    });
    expect(checkSetting({ ...base, dosesPerCycle: '6', cycleDays: '1' }, 'frequency')).toEqual({
      ok: true,
      body: { ...base, dosesPerCycle: 6, cycleDays: 1, sortOrder: 0, isActive: true },
    });
    expect(checkSetting({ ...base }, 'frequency').ok).toBe(true);
  });

  it('sends no cycle for another list', () => {
    const checked = checkSetting(
      { ...EMPTY_SETTING, code: 'AC', description: 'Before meals', dosesPerCycle: '3' },
      'precaution',
    );
    expect(checked.ok && checked.body.dosesPerCycle).toBeNull();
  });

  it('refuses a code longer than 20 characters, in the server words', () => {
    const checked = checkSetting(
      { ...EMPTY_SETTING, code: 'X'.repeat(21), description: 'Long' },
      'indication',
    );
    expect(checked).toEqual({
      ok: false,
      errors: { code: 'Code cannot exceed 20 characters' },
    });
  });
});
