import { PatientCardNoPatchBody } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { checkWith, errorsAt, errorsWithin } from './field-errors.ts';

describe('form messages', () => {
  it("gives a schema's body, or its messages worded as the server words them", () => {
    expect(checkWith(PatientCardNoPatchBody, { cardNo: ' P-1 ' })).toEqual({
      ok: true,
      body: { cardNo: 'P-1' },
    });
    expect(checkWith(PatientCardNoPatchBody, { cardNo: '', extra: 1 })).toEqual({
      ok: false,
      errors: {
        cardNo: 'The card number field is required.',
        extra: 'extra is not a known field',
      },
    });
  });

  it('places the messages of a group under its path, and reads them back', () => {
    const placed = errorsAt('visit', { remark: 'a', 'visitPurposes.0': 'b' });
    expect(placed).toEqual({ 'visit.remark': 'a', 'visit.visitPurposes.0': 'b' });
    expect(errorsWithin({ ...placed, patient: 'c', visitor: 'd' }, 'visit')).toEqual({
      remark: 'a',
      'visitPurposes.0': 'b',
    });
  });
});
