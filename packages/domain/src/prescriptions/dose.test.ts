import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  administrations,
  doseArithmetic,
  durationOfDates,
  MEDICATION_FREQUENCIES,
  medicationFrequencyOf,
  scaledDecimal,
  supplyDays,
  supplyEndDate,
  type DoseInput,
  type DrugPack,
} from './dose.ts';
import { MAX_DISPENSE_QUANTITY, PRESCRIPTION_MESSAGES } from './prescription-line.ts';

const tablet500: DrugPack = { strength: 500, consumePerDispenseUnit: 1 };
const base: DoseInput = {
  prescriptMode: 0,
  doseNum: 1000,
  consumeQuantity: null,
  frequency: 'QID',
  duration: 5,
  cycle: 'day',
  startDate: '2026-11-25',
};

function quantity(input: DoseInput, pack: DrugPack = tablet500) {
  const result = doseArithmetic(input, pack);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.value;
}

function problemsOf(input: DoseInput, pack: DrugPack = tablet500) {
  const result = doseArithmetic(input, pack);
  return result.ok ? [] : result.problems;
}

describe('dose arithmetic: the usual prescriptions', () => {
  it('1 g of a 500 mg tablet four times a day for 5 days is 2 tablets a time, 40 tablets', () => {
    const value = quantity(base);
    expect(value.consumeQuantity).toBe(2);
    expect(value.administrations).toBe(20);
    expect(value.dispenseQuantity).toBe(40);
    expect(value.durationDays).toBe(5);
    expect(value.endDate).toBe('2026-11-29');
  });

  it('a syrup of 120 mg/5 ml in 60 ml bottles: 240 mg three times a day for 3 days is 2 bottles', () => {
    const syrup: DrugPack = { strength: 24, consumePerDispenseUnit: 60 };
    const value = quantity({ ...base, doseNum: 240, frequency: 'TDS', duration: 3 }, syrup);
    expect(value.consumeQuantity).toBe(10);
    expect(value.administrations).toBe(9);
    // 90 ml needed: one 60 ml bottle is not enough, so rounded up to 2.
    expect(value.dispenseQuantity).toBe(2);
  });

  it('customise mode takes the quantity a time as typed, rounding up to whole units', () => {
    const strip: DrugPack = { strength: null, consumePerDispenseUnit: 10 };
    const value = quantity(
      {
        ...base,
        prescriptMode: 1,
        doseNum: null,
        consumeQuantity: 1,
        frequency: 'BD',
        duration: 1,
        cycle: 'week',
      },
      strip,
    );
    expect(value.administrations).toBe(14);
    expect(value.dispenseQuantity).toBe(2);
  });

  it('has no binary drift: 3 doses of 0.1 ml fill a 0.3 ml unit exactly', () => {
    const value = quantity(
      {
        ...base,
        prescriptMode: 1,
        doseNum: null,
        consumeQuantity: 0.1,
        frequency: 'TDS',
        duration: 1,
      },
      { strength: null, consumePerDispenseUnit: 0.3 },
    );
    expect(value.dispenseQuantity).toBe(1);
  });

  it('half a tablet is kept as 0.5 and a third as 0.333 (the arithmetic uses the exact third)', () => {
    expect(quantity({ ...base, doseNum: 250, frequency: 'OD', duration: 3 }).dispenseQuantity).toBe(
      2,
    );
    const third = quantity(
      { ...base, doseNum: 100, frequency: 'TDS', duration: 1 },
      { strength: 300, consumePerDispenseUnit: 1 },
    );
    expect(third.consumeQuantity).toBe(0.333);
    expect(third.dispenseQuantity).toBe(1);
  });

  it('once a week for 10 days is 2 doses; every other day for 10 days is 5', () => {
    expect(quantity({ ...base, doseNum: 500, frequency: 'QW', duration: 10 }).administrations).toBe(
      2,
    );
    expect(
      quantity({ ...base, doseNum: 500, frequency: 'EOD', duration: 10 }).administrations,
    ).toBe(5);
  });

  it('months are calendar months: one month from 31 January 2026 is 28 days', () => {
    const value = quantity({
      ...base,
      doseNum: 500,
      frequency: 'OD',
      duration: 1,
      cycle: 'month',
      startDate: '2026-01-31',
    });
    expect(value.durationDays).toBe(28);
    expect(value.endDate).toBe('2026-02-27');
    expect(value.dispenseQuantity).toBe(28);
    expect(supplyDays('2028-01-31', 1, 'month')).toBe(29);
    expect(supplyDays('2026-11-25', 1, 'year')).toBe(365);
    expect(supplyDays('2027-11-25', 1, 'year')).toBe(366);
  });

  it('once a month for 3 months is 3 doses', () => {
    const value = quantity({
      ...base,
      doseNum: 500,
      frequency: 'QM',
      duration: 3,
      cycle: 'month',
      startDate: '2026-01-01',
    });
    expect(value.durationDays).toBe(90);
    expect(value.administrations).toBe(3);
  });

  it('STAT is one dose and needs no duration; PRN leaves the quantity to the doctor', () => {
    const stat = quantity({ ...base, frequency: 'stat', duration: null, cycle: null });
    expect(stat).toMatchObject({
      administrations: 1,
      dispenseQuantity: 2,
      durationDays: 1,
      cycle: 'day',
    });
    const prn = quantity({ ...base, frequency: 'PRN', duration: 3 });
    expect(prn.administrations).toBeNull();
    expect(prn.dispenseQuantity).toBeNull();
    expect(prn.consumeQuantity).toBe(2);
  });

  it('the end date the doctor sets gives the duration in days, both days counted', () => {
    expect(durationOfDates('2026-11-25', '2026-11-25')).toEqual({ duration: 1, cycle: 'day' });
    expect(durationOfDates('2026-11-25', '2026-12-01')).toEqual({ duration: 7, cycle: 'day' });
    expect(durationOfDates('2026-11-25', '2026-11-24')).toBeNull();
    expect(durationOfDates('2026-11-25', '2026-02-30')).toBeNull();
  });

  it('finds frequencies by code in any case, and has a message for every rule', () => {
    expect(medicationFrequencyOf(' tds ')?.rule).toEqual({
      kind: 'regular',
      times: 3,
      every: 1,
      unit: 'day',
    });
    expect(medicationFrequencyOf('XYZ')).toBeUndefined();
    expect(PRESCRIPTION_MESSAGES.doseRequired).toBe('Dose is required');
  });
});

describe('dose arithmetic: refusals name their fields', () => {
  it('refuses a missing, zero, negative, non-finite or too precise dose', () => {
    expect(problemsOf({ ...base, doseNum: null })).toEqual([
      { field: 'doseNum', key: 'doseRequired' },
    ]);
    for (const dose of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 100_001]) {
      expect(problemsOf({ ...base, doseNum: dose })).toEqual([
        { field: 'doseNum', key: 'doseRange' },
      ]);
    }
    expect(problemsOf({ ...base, doseNum: 0.0001 })).toEqual([
      { field: 'doseNum', key: 'doseDecimals' },
    ]);
  });

  it('refuses strength mode for an item without a strength, and a bad pack', () => {
    expect(problemsOf(base, { strength: null, consumePerDispenseUnit: 1 })).toEqual([
      { field: 'prescriptMode', key: 'strengthUnknown' },
    ]);
    expect(problemsOf(base, { strength: 500, consumePerDispenseUnit: 0 })).toEqual([
      { field: 'dispenseUm', key: 'packInvalid' },
    ]);
    expect(problemsOf({ ...base, prescriptMode: 2 })).toEqual([
      { field: 'prescriptMode', key: 'prescriptModeInvalid' },
    ]);
  });

  it('refuses a missing or bad quantity a time in customise mode', () => {
    const customise = { ...base, prescriptMode: 1, doseNum: null };
    expect(problemsOf({ ...customise, consumeQuantity: null })).toEqual([
      { field: 'consumeQuantity', key: 'consumeQuantityRequired' },
    ]);
    expect(problemsOf({ ...customise, consumeQuantity: 0 })).toEqual([
      { field: 'consumeQuantity', key: 'consumeQuantityRange' },
    ]);
    expect(problemsOf({ ...customise, consumeQuantity: 1.2345 })).toEqual([
      { field: 'consumeQuantity', key: 'consumeQuantityDecimals' },
    ]);
  });

  it('refuses every missing part at once', () => {
    expect(
      problemsOf({ ...base, frequency: ' ', duration: null, cycle: null, startDate: null }),
    ).toEqual([
      { field: 'frequency', key: 'frequencyRequired' },
      { field: 'startDate', key: 'startDateRequired' },
      { field: 'duration', key: 'durationRequired' },
      { field: 'cycle', key: 'cycleRequired' },
    ]);
    expect(
      problemsOf({
        ...base,
        frequency: 'NOPE',
        duration: 1.5,
        cycle: 'hour',
        startDate: '2026-02-30',
      }),
    ).toEqual([
      { field: 'frequency', key: 'frequencyUnknown' },
      { field: 'startDate', key: 'dateInvalid' },
      { field: 'duration', key: 'durationWhole' },
      { field: 'cycle', key: 'cycleRequired' },
    ]);
  });

  it('refuses a supply longer than a year, a too small dose and a too large quantity', () => {
    expect(problemsOf({ ...base, duration: 367 })).toEqual([
      { field: 'duration', key: 'durationTooLong' },
    ]);
    expect(problemsOf({ ...base, duration: 2, cycle: 'year' })).toEqual([
      { field: 'duration', key: 'durationTooLong' },
    ]);
    expect(
      problemsOf({ ...base, doseNum: 0.001 }, { strength: 10, consumePerDispenseUnit: 1 }),
    ).toEqual([{ field: 'doseNum', key: 'doseTooSmall' }]);
    expect(
      problemsOf(
        { ...base, doseNum: 100_000, duration: 366 },
        { strength: 1, consumePerDispenseUnit: 1 },
      ),
    ).toEqual([{ field: 'dispenseQuantity', key: 'dispenseQuantityTooLarge' }]);
  });
});

/** Dates from 2000 to 2060, as 'YYYY-MM-DD'. */
const isoDates = fc
  .integer({ min: 10957, max: 32870 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
/** Decimals of at most 3 places in [min, max], as thousandths. */
const thousandths = (min: number, max: number) => fc.integer({ min, max });
const regularCodes = MEDICATION_FREQUENCIES.filter((f) => f.rule.kind === 'regular').map(
  (f) => f.code,
);
const cycles = fc.constantFrom('day', 'week', 'month', 'year');

/** A valid prescription in strength or customise mode, with its pack, as thousandths. */
const prescriptions = fc.record({
  mode: fc.constantFrom(0, 1),
  amount: thousandths(1, 2_000_000),
  strength: thousandths(1, 1_000_000),
  pack: thousandths(1, 500_000),
  frequency: fc.constantFrom(...regularCodes),
  duration: fc.integer({ min: 1, max: 60 }),
  cycle: cycles,
  startDate: isoDates,
});
type Drawn = typeof prescriptions extends fc.Arbitrary<infer T> ? T : never;

function inputOf(p: Drawn): { input: DoseInput; pack: DrugPack } {
  const amount = p.amount / 1000;
  return {
    input: {
      prescriptMode: p.mode,
      doseNum: p.mode === 0 ? amount : null,
      consumeQuantity: p.mode === 1 ? amount : null,
      frequency: p.frequency,
      duration:
        p.cycle === 'year'
          ? 1
          : p.cycle === 'month'
            ? Math.min(p.duration, 12)
            : p.cycle === 'week'
              ? Math.min(p.duration, 52)
              : p.duration,
      cycle: p.cycle,
      startDate: p.startDate,
    },
    pack: { strength: p.strength / 1000, consumePerDispenseUnit: p.pack / 1000 },
  };
}

describe('dose arithmetic: properties', () => {
  it('never gives less than the doses need, nor a whole unit more', () => {
    fc.assert(
      fc.property(prescriptions, (p) => {
        const { input, pack } = inputOf(p);
        const result = doseArithmetic(input, pack);
        if (!result.ok) {
          // Only a tiny dose or a quantity past the limit may be refused.
          expect(result.problems.map((x) => x.key)).toEqual([
            expect.stringMatching(/^(doseTooSmall|dispenseQuantityTooLarge)$/),
          ]);
          return;
        }
        const { administrations: doses, dispenseQuantity } = result.value;
        expect(doses).not.toBeNull();
        const units = BigInt(dispenseQuantity!);
        // Needed, in consume units: doses x amount (customise) or doses x dose / strength;
        // compare units x pack (x strength) with it, all in thousandths, exactly.
        const strength = p.mode === 0 ? BigInt(p.strength) : 1000n;
        const need = BigInt(doses!) * BigInt(p.amount) * 1000n;
        const have = (u: bigint) => u * BigInt(p.pack) * strength;
        expect(have(units) >= need).toBe(true);
        expect(have(units - 1n) < need).toBe(true);
        expect(Number.isInteger(dispenseQuantity)).toBe(true);
        expect(dispenseQuantity).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('is monotonic in the dose', () => {
    fc.assert(
      fc.property(prescriptions, thousandths(1, 2_000_000), (p, other) => {
        const [low, high] = [Math.min(p.amount, other), Math.max(p.amount, other)];
        const a = doseArithmetic(inputOf({ ...p, amount: low }).input, inputOf(p).pack);
        const b = doseArithmetic(inputOf({ ...p, amount: high }).input, inputOf(p).pack);
        if (a.ok && b.ok)
          expect(a.value.dispenseQuantity!).toBeLessThanOrEqual(b.value.dispenseQuantity!);
        // A larger dose never passes where a smaller one is refused for its size.
        if (b.ok && !a.ok) expect(a.problems).toEqual([{ field: 'doseNum', key: 'doseTooSmall' }]);
      }),
    );
  });

  it('is monotonic in the duration, and the days follow the cycle', () => {
    fc.assert(
      fc.property(prescriptions, fc.integer({ min: 1, max: 60 }), (p, other) => {
        const [low, high] = [Math.min(p.duration, other), Math.max(p.duration, other)];
        const a = doseArithmetic(inputOf({ ...p, duration: low }).input, inputOf(p).pack);
        const b = doseArithmetic(inputOf({ ...p, duration: high }).input, inputOf(p).pack);
        if (!a.ok || !b.ok) return;
        expect(a.value.durationDays).toBeLessThanOrEqual(b.value.durationDays);
        expect(a.value.administrations!).toBeLessThanOrEqual(b.value.administrations!);
        expect(a.value.dispenseQuantity!).toBeLessThanOrEqual(b.value.dispenseQuantity!);
      }),
    );
  });

  it('days are the duration in days, weeks x 7, 28 to 31 a month; the end date agrees', () => {
    fc.assert(
      fc.property(isoDates, fc.integer({ min: 1, max: 12 }), cycles, (start, n, cycle) => {
        const days = supplyDays(start, n, cycle)!;
        if (cycle === 'day') expect(days).toBe(n);
        if (cycle === 'week') expect(days).toBe(7 * n);
        if (cycle === 'month') {
          expect(days).toBeGreaterThanOrEqual(28 * n);
          expect(days).toBeLessThanOrEqual(31 * n);
        }
        if (cycle === 'year') {
          expect(days).toBeGreaterThanOrEqual(365 * n);
          expect(days).toBeLessThanOrEqual(366 * n);
        }
        expect(durationOfDates(start, supplyEndDate(start, days))).toEqual({
          duration: days,
          cycle: 'day',
        });
      }),
    );
  });

  it('a regular frequency gives times x periods, at least one period', () => {
    fc.assert(
      fc.property(
        isoDates,
        fc.integer({ min: 1, max: 366 }),
        fc.constantFrom(...regularCodes),
        (start, days, code) => {
          const rule = medicationFrequencyOf(code)!.rule;
          const doses = administrations(rule, start, days)!;
          if (rule.kind !== 'regular') return;
          expect(doses % rule.times).toBe(0);
          expect(doses).toBeGreaterThanOrEqual(rule.times);
          if (rule.unit === 'day') expect(doses).toBe(rule.times * Math.ceil(days / rule.every));
        },
      ),
    );
  });

  it('refuses any dose or quantity that is not above 0, by its field', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ max: 0 }), fc.constant(Number.NaN)),
        fc.constantFrom(0, 1),
        (bad, mode) => {
          const input = {
            ...base,
            prescriptMode: mode,
            doseNum: mode === 0 ? bad : null,
            consumeQuantity: mode === 1 ? bad : null,
          };
          const field = mode === 0 ? 'doseNum' : 'consumeQuantity';
          expect(problemsOf(input).map((x) => x.field)).toEqual([field]);
        },
      ),
    );
  });

  it('refuses any duration that is not a whole number above 0, by its field', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }), fc.constant(Number.NaN)),
        (bad) => {
          expect(problemsOf({ ...base, duration: bad })).toEqual([
            { field: 'duration', key: 'durationWhole' },
          ]);
        },
      ),
    );
  });

  it('reads a decimal of up to 3 places exactly, and nothing finer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(scaledDecimal(n / 1000)).toBe(BigInt(n));
      }),
    );
    expect(scaledDecimal(0.0005)).toBeNull();
    expect(scaledDecimal(1e21)).toBeNull();
    expect(MAX_DISPENSE_QUANTITY).toBe(100_000);
  });
});
