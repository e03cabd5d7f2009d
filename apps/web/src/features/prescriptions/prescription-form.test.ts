import {
  CUSTOMISE_MODE,
  PRESCRIPTION_MESSAGES as M,
  STRENGTH_MODE,
  clinicFrequencyList,
  type PrescriptionLineRecord,
} from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import {
  checkLine,
  isBarcode,
  lineDefaults,
  lineValues,
  neededQuantity,
  rankFrequencies,
  switchMode,
  typedNumber,
  type LineItem,
} from './prescription-form.ts';

/** The seeded frequency list's entries the tests use (doses per cycle of days). */
const RULES = clinicFrequencyList([
  { code: 'ON', description: 'Once a day at night', dosesPerCycle: 1, cycleDays: 1 },
  { code: 'TDS', description: 'Three times a day', dosesPerCycle: 3, cycleDays: 1 },
  { code: 'QDS', description: 'Four times a day', dosesPerCycle: 4, cycleDays: 1 },
  { code: 'EOD', description: 'Every other day', dosesPerCycle: 1, cycleDays: 2 },
  { code: 'PRN', description: 'When necessary', dosesPerCycle: null, cycleDays: null },
]);

const PARACETAMOL: LineItem = {
  id: '10000000-0000-4000-8000-000000000001',
  type: 'Med',
  code: 'PARA500',
  name: 'Paracetamol 500 mg tablet',
  priceCents: 10,
  strength: 500,
  strengthUnit: 'mg',
  dispensingUnit: 'tab',
  defaultDose: 2,
  defaultDoseUnit: 'tab',
  defaultConsumeMethod: 'TAKE',
  defaultFrequency: 'QDS',
  defaultDurationDays: 3,
  defaultInstructions: 'Take 2 tablets four times a day.',
};

const SYRUP: LineItem = {
  ...PARACETAMOL,
  code: 'DXM15S',
  name: 'Dextromethorphan syrup (90 ml)',
  priceCents: 650,
  strength: 15,
  dispensingUnit: 'bottle',
  defaultDose: 10,
  defaultDoseUnit: 'ml',
};

const TODAY = '2026-11-27';

describe('the form of a picked item', () => {
  it("fills in the catalog's default dose, unit, method, frequency, days and instructions", () => {
    expect(lineDefaults(PARACETAMOL, TODAY)).toEqual({
      prescriptMode: CUSTOMISE_MODE,
      dose: '2',
      consumeUm: 'tab',
      consumeMethod: 'TAKE',
      frequency: 'QDS',
      duration: '3',
      cycle: 'day',
      dispenseQuantity: '',
      startDate: TODAY,
      precaution: 'Take 2 tablets four times a day.',
      indication: '',
    });
  });

  it('starts a pack taken in another unit (ml of a bottle) at one dispensing unit', () => {
    const values = lineDefaults(SYRUP, TODAY);
    expect(values.dispenseQuantity).toBe('1');
    const checked = checkLine(values, SYRUP, RULES);
    expect(checked.ok && checked.line.dispenseQuantity).toBe(1);
    expect(checked.ok && checked.line.totalPrice).toBe(650);
  });
});

describe('the live quantity and price', () => {
  it('is dose x frequency x days, rounded up to whole units, at the unit price', () => {
    // 2 tablets four times a day for 3 days: 24 tablets at 10 cents.
    const checked = checkLine(lineDefaults(PARACETAMOL, TODAY), PARACETAMOL, RULES);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.line.dispenseQuantity).toBe(24);
    expect(checked.line.totalPrice).toBe(240);
    expect(checked.line.endDate).toBe('2026-11-29');
    expect(checked.body).toMatchObject({
      prescriptMode: CUSTOMISE_MODE,
      doseNum: null,
      consumeQuantity: 2,
      frequency: 'QDS',
      duration: 3,
      cycle: 'day',
      dispenseQuantity: null,
      precaution: 'Take 2 tablets four times a day.',
      overrideReason: null,
    });
  });

  it('reads a dose in strength mode through the strength (1000 mg of 500 mg is 2 tablets)', () => {
    const values = {
      ...lineDefaults(PARACETAMOL, TODAY),
      prescriptMode: STRENGTH_MODE,
      dose: '1000',
      frequency: 'TDS',
      duration: '5',
    };
    const checked = checkLine(values, PARACETAMOL, RULES);
    expect(checked.ok && checked.line.dispenseQuantity).toBe(30);
    expect(checked.ok && checked.body.doseNum).toBe(1000);
    expect(checked.ok && checked.body.consumeQuantity).toBeNull();
  });

  it('counts weeks in days and a frequency every other day', () => {
    const values = { ...lineDefaults(PARACETAMOL, TODAY), frequency: 'EOD', duration: '2' };
    const checked = checkLine({ ...values, cycle: 'week' }, PARACETAMOL, RULES);
    // 14 days, a dose of 2 tablets every other day: 7 doses, 14 tablets.
    expect(checked.ok && checked.line.durationDays).toBe(14);
    expect(checked.ok && checked.line.dispenseQuantity).toBe(14);
  });

  it('keeps a quantity the doctor raised, and prices it', () => {
    const values = { ...lineDefaults(PARACETAMOL, TODAY), dispenseQuantity: '30' };
    const checked = checkLine(values, PARACETAMOL, RULES);
    expect(checked.ok && checked.line.neededQuantity).toBe(24);
    expect(checked.ok && checked.line.totalPrice).toBe(300);
  });
});

describe("the form's messages (the server's words)", () => {
  const defaults = lineDefaults(PARACETAMOL, TODAY);

  it('names every missing field at once', () => {
    const checked = checkLine(
      { ...defaults, dose: '', frequency: null, duration: '' },
      PARACETAMOL,
      RULES,
    );
    expect(checked.ok ? {} : checked.errors).toEqual({
      dose: M.consumeQuantityRequired,
      frequency: M.frequencyRequired,
      duration: M.durationRequired,
    });
  });

  it('refuses a quantity below what the doses need in strength mode', () => {
    const values = { ...switchMode(defaults, STRENGTH_MODE, PARACETAMOL), dispenseQuantity: '10' };
    const checked = checkLine(values, PARACETAMOL, RULES);
    expect(checked.ok ? {} : checked.errors).toEqual({
      dispenseQuantity: M.dispenseQuantityBelowDose,
    });
  });

  it('asks for the quantity of an as-needed frequency', () => {
    const checked = checkLine({ ...defaults, frequency: 'PRN' }, PARACETAMOL, RULES);
    expect(checked.ok ? {} : checked.errors).toEqual({
      dispenseQuantity: M.dispenseQuantityRequired,
    });
  });

  it('refuses words, a negative dose, a part day and a frequency not in the list', () => {
    const checked = checkLine(
      { ...defaults, dose: 'two', duration: '1.5', frequency: 'HOURLY' },
      PARACETAMOL,
      RULES,
    );
    expect(checked.ok ? {} : checked.errors).toEqual({
      dose: M.consumeQuantityRange,
      duration: M.durationWhole,
      frequency: M.frequencyUnknown,
    });
    expect(typedNumber(' -1 ')).toBe(-1);
  });

  it('refuses strength mode for an item without a strength', () => {
    const values = { ...defaults, prescriptMode: STRENGTH_MODE };
    const checked = checkLine(values, { ...PARACETAMOL, strength: null }, RULES);
    expect(checked.ok ? {} : checked.errors).toMatchObject({ prescriptMode: M.strengthUnknown });
  });
});

describe('switching mode', () => {
  it('carries the dose through the strength both ways, so the quantity stays', () => {
    const strength = switchMode(lineDefaults(PARACETAMOL, TODAY), STRENGTH_MODE, PARACETAMOL);
    expect(strength).toMatchObject({
      prescriptMode: STRENGTH_MODE,
      dose: '1000',
      consumeUm: 'tab',
    });
    expect(switchMode(strength, CUSTOMISE_MODE, PARACETAMOL).dose).toBe('2');
  });
});

describe('editing a saved line', () => {
  const saved: PrescriptionLineRecord = {
    id: '30000000-0000-4000-8000-000000000001',
    visitId: '20000000-0000-4000-8000-000000000001',
    patientId: '40000000-0000-4000-8000-000000000001',
    startDate: TODAY,
    endDate: '2026-11-29',
    prescriptMode: CUSTOMISE_MODE,
    doseNum: null,
    strengthUm: 'mg',
    consumeUm: 'tab',
    consumeMethod: 'TAKE',
    consumeQuantity: 2,
    frequency: 'QDS',
    dispenseQuantity: 24,
    dispenseUm: 'tab',
    unitPrice: 10,
    totalPrice: 240,
    precaution: null,
    indication: null,
    catalogItemId: PARACETAMOL.id,
    comboItemId: null,
    code: 'PARA500',
    name: PARACETAMOL.name,
    duration: 3,
    cycle: 'day',
    durationDays: 3,
    taxAmount: 22,
    overrideReason: null,
    warnings: [],
    version: 1,
  };

  it('leaves the quantity to the doses when it is what they need, else keeps it typed', () => {
    expect(neededQuantity(saved, PARACETAMOL, RULES)).toBe(24);
    expect(lineValues(saved, 24).dispenseQuantity).toBe('');
    expect(lineValues({ ...saved, dispenseQuantity: 30 }, 24).dispenseQuantity).toBe('30');
  });
});

describe('the pickers', () => {
  const options = RULES.map((rule) => ({ value: rule.code, label: `${rule.code} – ${rule.name}` }));

  it('ranks the code typed first, then codes starting with it, then words', () => {
    expect(rankFrequencies(options, 'on').map((o) => o.value)).toEqual(['ON']);
    expect(rankFrequencies(options, 'night').map((o) => o.value)).toEqual(['ON']);
    expect(rankFrequencies(options, 'day').map((o) => o.value)).toEqual([
      'ON',
      'TDS',
      'QDS',
      'EOD',
    ]);
    expect(rankFrequencies(options, '')).toHaveLength(options.length);
  });

  it('reads 8 to 14 digits as a barcode', () => {
    expect(isBarcode('9556001234567')).toBe(true);
    expect(isBarcode('12345678')).toBe(true);
    expect(isBarcode('1234567')).toBe(false);
    expect(isBarcode('PARA500')).toBe(false);
  });
});
