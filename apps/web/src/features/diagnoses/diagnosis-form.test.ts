import type { DiagnosisRecord } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { checkDiagnosis, EMPTY_DIAGNOSIS } from './diagnosis-form.ts';

const listed = (code: string, isVoided = false): DiagnosisRecord => ({
  id: `00000000-0000-4000-8000-00000000000${code.length}`,
  visitId: '00000000-0000-4000-8000-000000000009',
  code,
  description: code,
  remark: null,
  isVoided,
  version: 1,
});

describe('the diagnosis editor rules (doc 2 section 5)', () => {
  it("says 'No diagnosis' when none is chosen", () => {
    expect(checkDiagnosis(EMPTY_DIAGNOSIS, [])).toEqual({ diagnosis: 'No diagnosis' });
  });

  it("says 'Already in list' for a code the visit lists, not for a removed one", () => {
    const values = { diagnosis: { id: '38341003', name: 'Hypertension' }, remark: '' };
    expect(checkDiagnosis(values, [listed('38341003')])).toEqual({ diagnosis: 'Already in list' });
    expect(checkDiagnosis(values, [listed('38341003', true), listed('44054006')])).toEqual({});
  });
});
