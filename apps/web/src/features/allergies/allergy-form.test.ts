import { describe, expect, it } from 'vitest';
import { allergyBody, checkAllergy, EMPTY_ALLERGY, type AllergyForm } from './allergy-form.ts';

const TODAY = '2026-11-25';
const filled: AllergyForm = {
  onsetDate: '2020-02-01',
  allergyType: 'Drug',
  allergen: { id: 'drug-penicillin', code: 'PENICILLIN', name: 'Penicillin', type: 'Drug' },
  reaction: 'Y',
  remark: ' Rash ',
};

describe('the allergy form rules (doc 2 section 5)', () => {
  it("says '<field> is required' for every empty field", () => {
    expect(checkAllergy(EMPTY_ALLERGY, TODAY)).toEqual({
      onsetDate: 'Onset date is required',
      allergyType: 'Allergy type is required',
      allergen: 'Allergy is required',
      reaction: 'Drug allergy or adverse drug reaction is required',
      remark: 'Adverse reaction details is required',
    });
    expect(checkAllergy({ ...filled, remark: '   ' }, TODAY)).toEqual({
      remark: 'Adverse reaction details is required',
    });
  });

  it('refuses an onset date after today and an allergen of the other type', () => {
    expect(checkAllergy({ ...filled, onsetDate: '2026-11-26' }, TODAY)).toEqual({
      onsetDate: 'Onset date cannot be in the future.',
    });
    expect(checkAllergy({ ...filled, allergyType: 'Others' }, TODAY)).toEqual({
      allergen: 'This allergy is not of the chosen allergy type.',
    });
    expect(checkAllergy(filled, TODAY)).toEqual({});
  });

  it('sends the payload of doc 2 section 3', () => {
    expect(allergyBody(filled, 'p-1', null, null)).toEqual({
      hciCode: null,
      patientID: 'p-1',
      visitID: null,
      allergyType: 'Drug',
      allergyDrugID: 'drug-penicillin',
      allergyDrugCode: 'PENICILLIN',
      allergyDrugName: 'Penicillin',
      allergyReaction: 'Y',
      allergyRemark: 'Rash',
      onsetDate: '2020-02-01',
    });
  });
});
