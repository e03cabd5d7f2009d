import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLERGENS } from '../allergies/allergy-rules.ts';
import { OVERRIDE_REASON_MAX } from './prescription-line.ts';
import {
  ALLERGEN_TERMS,
  drugAllergyMatches,
  drugIngredients,
  duplicateDrugs,
  overrideReasonProblems,
  prescriptionWarnings,
  prescriptionWarningText,
  type RecordedAllergy,
  type VisitDrugLine,
} from './safety.ts';

function allergyTo(code: string, overrides: Partial<RecordedAllergy> = {}): RecordedAllergy {
  const allergen = ALLERGENS.find((a) => a.code === code);
  if (!allergen) throw new Error(code);
  return {
    id: `allergy-${code}`,
    allergyDrugID: allergen.id,
    allergyDrugCode: allergen.code,
    allergyDrugName: allergen.name,
    allergyReaction: 'Y',
    isVoided: false,
    ...overrides,
  };
}

const via = (name: string, allergies: RecordedAllergy[], genericName?: string) =>
  drugAllergyMatches({ name, genericName }, allergies).map((m) => [
    m.allergyDrugName,
    m.via,
    m.drugClass,
  ]);

describe('drug allergy matches', () => {
  it('warns for the drug itself, its combinations and its class', () => {
    expect(via('Amoxicillin 500mg capsule', [allergyTo('AMOXICILLIN')])).toEqual([
      ['Amoxicillin', 'drug', null],
    ]);
    // Co-amoxiclav holds amoxicillin; amoxicillin is a penicillin.
    expect(
      via('Augmentin 625mg tablet', [allergyTo('AMOXICILLIN'), allergyTo('PENICILLIN')]),
    ).toEqual([
      ['Amoxicillin', 'drug', null],
      ['Penicillin', 'drug', null],
    ]);
    expect(via('Flucloxacillin 250mg', [allergyTo('PENICILLIN')])).toEqual([
      ['Penicillin', 'drug', null],
    ]);
    // Ampicillin against an amoxicillin allergy: the same class.
    expect(via('Ampicillin 250mg', [allergyTo('AMOXICILLIN')])).toEqual([
      ['Amoxicillin', 'class', 'Penicillin'],
    ]);
    expect(via('Nurofen 200mg', [allergyTo('ASPIRIN')])).toEqual([
      ['Aspirin (acetylsalicylic acid)', 'class', 'Non-steroidal anti-inflammatory drugs (NSAIDs)'],
    ]);
    expect(via('Diclofenac sodium 50mg', [allergyTo('NSAID')])).toEqual([
      ['Non-steroidal anti-inflammatory drugs (NSAIDs)', 'drug', null],
    ]);
  });

  it('finds generic names, spellings and accents, and words only whole', () => {
    expect(via('Panadol', [allergyTo('PARACETAMOL')], 'PARACÉTAMOL')).toHaveLength(1);
    expect(via('Co-trimoxazole 480mg', [allergyTo('SULFONAMIDE')])).toEqual([
      ['Sulfonamide antibiotics', 'drug', null],
    ]);
    expect(via('Chlorhexidine 0.2% mouthwash', [allergyTo('CHLORHEXIDINE')])).toHaveLength(1);
    expect(via('Paracetamol 500mg', [allergyTo('PENICILLIN'), allergyTo('NSAID')])).toEqual([]);
    // 'Latex' is not a word of 'Latexine' (a made-up name).
    expect(via('Latexine cream', [allergyTo('LATEX')])).toEqual([]);
  });

  it('uses the allergens a catalog item names, and an unlisted allergen by its name', () => {
    expect(
      drugAllergyMatches({ name: 'Brand X', allergenCodes: ['amoxicillin'] }, [
        allergyTo('PENICILLIN'),
      ]),
    ).toHaveLength(1);
    const custom: RecordedAllergy = {
      id: 'a1',
      allergyDrugID: 'custom-1',
      allergyDrugCode: 'ZYR',
      allergyDrugName: 'Zyrtec',
      allergyReaction: 'U',
      isVoided: false,
    };
    expect(via('Zyrtec 10mg tablet', [custom])).toEqual([['Zyrtec', 'drug', null]]);
    expect(via('Cetirizine 10mg tablet', [custom])).toEqual([]);
  });

  it('leaves removed allergies out, and warns whatever the reaction', () => {
    expect(via('Amoxicillin 500mg', [allergyTo('AMOXICILLIN', { isVoided: true })])).toEqual([]);
    for (const reaction of ['Y', 'N', 'U']) {
      expect(
        via('Amoxicillin 500mg', [allergyTo('AMOXICILLIN', { allergyReaction: reaction })]),
      ).toHaveLength(1);
    }
  });

  it('every listed allergen is found in a drug named with one of its words', () => {
    for (const allergen of ALLERGENS) {
      const terms = ALLERGEN_TERMS[allergen.code] ?? [allergen.name.replace(/\(.*$/, '')];
      for (const term of terms) {
        const name = `${term.toUpperCase()} 10mg tablet`;
        expect(drugIngredients({ name }).has(allergen.code), `${allergen.code} in ${name}`).toBe(
          true,
        );
        expect(drugAllergyMatches({ name }, [allergyTo(allergen.code)]), name).toHaveLength(1);
      }
    }
  });

  it('property: removed allergies never warn; the order of allergies does not matter', () => {
    const names = [
      'Amoxicillin 500mg',
      'Augmentin 1g',
      'Ibuprofen 400mg',
      'Panadol',
      'Loratadine 10mg',
      'Codeine 30mg',
    ];
    const codes = ALLERGENS.map((a) => a.code);
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.array(fc.record({ code: fc.constantFrom(...codes), voided: fc.boolean() }), {
          maxLength: 8,
        }),
        (name, picks) => {
          const allergies = picks.map((p, i) =>
            allergyTo(p.code, { id: `a${i}`, isVoided: p.voided }),
          );
          const matches = drugAllergyMatches({ name }, allergies);
          const voided = new Set(allergies.filter((a) => a.isVoided).map((a) => a.id));
          expect(matches.some((m) => voided.has(m.allergyId))).toBe(false);
          const reversed = drugAllergyMatches({ name }, [...allergies].reverse());
          expect(new Set(reversed.map((m) => m.allergyId))).toEqual(
            new Set(matches.map((m) => m.allergyId)),
          );
        },
      ),
    );
  });
});

const line = (id: string, catalogItemId: string, name: string): VisitDrugLine => ({
  id,
  catalogItemId,
  name,
});

describe('duplicate drugs on a visit', () => {
  const visit = [
    line('l1', 'item-amox', 'Amoxicillin 500mg capsule'),
    line('l2', 'item-panadol', 'Panadol 500mg'),
  ];

  it('warns for the same item and for an ingredient in common, not for the line itself', () => {
    expect(
      duplicateDrugs({ catalogItemId: 'item-amox', name: 'Amoxicillin 500mg capsule' }, visit),
    ).toEqual([{ lineId: 'l1', name: 'Amoxicillin 500mg capsule', via: 'item' }]);
    expect(
      duplicateDrugs({ catalogItemId: 'item-para', name: 'Paracetamol 500mg tablet' }, visit),
    ).toEqual([{ lineId: 'l2', name: 'Panadol 500mg', via: 'ingredient' }]);
    expect(duplicateDrugs({ catalogItemId: 'item-aug', name: 'Augmentin 625mg' }, visit)).toEqual([
      { lineId: 'l1', name: 'Amoxicillin 500mg capsule', via: 'ingredient' },
    ]);
    expect(
      duplicateDrugs(
        { lineId: 'l1', catalogItemId: 'item-amox', name: 'Amoxicillin 500mg capsule' },
        visit,
      ),
    ).toEqual([]);
    // Two NSAIDs are of one class, two vaccines or insulins of one group: not duplicates.
    expect(
      duplicateDrugs({ catalogItemId: 'i', name: 'Ibuprofen' }, [line('l3', 'd', 'Diclofenac')]),
    ).toEqual([]);
    expect(
      duplicateDrugs({ catalogItemId: 'flu', name: 'Influenza vaccine' }, [
        line('l4', 'pcv', 'Pneumococcal vaccine'),
      ]),
    ).toEqual([]);
    expect(
      duplicateDrugs({ catalogItemId: 'glargine', name: 'Insulin glargine' }, [
        line('l5', 'aspart', 'Insulin aspart'),
      ]),
    ).toEqual([]);
  });

  it('property: the same item always duplicates; duplication is symmetric', () => {
    const names = [
      'Amoxicillin 500mg',
      'Augmentin 1g',
      'Ibuprofen 400mg',
      'Nurofen',
      'Panadol',
      'Paracetamol',
      'Loratadine',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.constantFrom(...names), (a, b) => {
        const one = { catalogItemId: `item-${a}`, name: a };
        const other = { catalogItemId: `item-${b}`, name: b };
        expect(duplicateDrugs(one, [{ ...one, id: 'x' }])).toHaveLength(1);
        const ab = duplicateDrugs(one, [{ ...other, id: 'b' }]).length;
        const ba = duplicateDrugs(other, [{ ...one, id: 'a' }]).length;
        expect(ab).toBe(ba);
      }),
    );
  });
});

describe('warnings and the override reason', () => {
  it('lists allergy warnings then duplicates, each with words', () => {
    const warnings = prescriptionWarnings(
      { catalogItemId: 'item-amp', name: 'Ampicillin 250mg' },
      [allergyTo('AMOXICILLIN')],
      [line('l1', 'item-amp', 'Ampicillin 250mg')],
    );
    expect(warnings.map((w) => w.kind)).toEqual(['allergy', 'duplicate']);
    expect(warnings.map(prescriptionWarningText)).toEqual([
      'The patient is recorded as allergic to Amoxicillin, of the same drug class (Penicillin).',
      'Ampicillin 250mg is already prescribed on this visit.',
    ]);
  });

  it('a warned line needs a reason that is not blank; a line without warnings needs none', () => {
    const warnings = prescriptionWarnings(
      { catalogItemId: 'i', name: 'Amoxicillin' },
      [allergyTo('PENICILLIN')],
      [],
    );
    expect(overrideReasonProblems(warnings, null)).toEqual([
      { field: 'overrideReason', key: 'overrideReasonRequired' },
    ]);
    expect(
      overrideReasonProblems(warnings, 'Tolerated amoxicillin in 2024 without reaction'),
    ).toEqual([]);
    expect(overrideReasonProblems([], null)).toEqual([]);
    expect(overrideReasonProblems([], 'x'.repeat(OVERRIDE_REASON_MAX + 1))).toEqual([
      { field: 'overrideReason', key: 'overrideReasonTooLong' },
    ]);
  });

  it('property: blank reasons are refused for a warned line, any other short reason passes', () => {
    const warnings = prescriptionWarnings(
      { catalogItemId: 'i', name: 'Amoxicillin' },
      [allergyTo('PENICILLIN')],
      [],
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\n\r]*$/), (blank) => {
        expect(overrideReasonProblems(warnings, blank)).toEqual([
          { field: 'overrideReason', key: 'overrideReasonRequired' },
        ]);
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: OVERRIDE_REASON_MAX }), (reason) => {
        fc.pre(reason.trim() !== '');
        expect(overrideReasonProblems(warnings, reason)).toEqual([]);
      }),
    );
  });
});
