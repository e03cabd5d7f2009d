import { describe, expect, it } from 'vitest';
import { basisPointsOfText, movedOne, percentText, taxEditBody } from './settings-forms.ts';

describe('the sales settings forms', () => {
  it('reads a rate in percent with at most 2 decimals, from 0 to 100', () => {
    expect(basisPointsOfText('7')).toBe(700);
    expect(basisPointsOfText(' 8.25 ')).toBe(825);
    expect(basisPointsOfText('100')).toBe(10_000);
    expect(basisPointsOfText('100.01')).toBeNull();
    expect(basisPointsOfText('8.255')).toBeNull();
    expect(basisPointsOfText('-1')).toBeNull();
    expect(basisPointsOfText('')).toBeNull();
    expect(percentText(825)).toBe('8.25%');
    expect(percentText(null)).toBe('—');
  });

  it('adds a new rate only with both its figure and its date', () => {
    const values = { name: 'GST', isActive: true, ratePercent: '', effectiveFrom: null };
    expect(taxEditBody(values, 3)).toEqual({
      ok: true,
      body: { name: 'GST', isActive: true, addRates: [], version: 3 },
    });
    expect(taxEditBody({ ...values, effectiveFrom: '2026-01-01' }, 3)).toEqual({
      ok: false,
      problems: { ratePercent: 'billingSettings.rules.rateRequired' },
    });
    expect(taxEditBody({ ...values, ratePercent: '9' }, 3)).toEqual({
      ok: false,
      problems: { effectiveFrom: 'billingSettings.rules.dateRequired' },
    });
  });

  it('moves one item a place, and nothing past either end', () => {
    expect(movedOne(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedOne(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedOne(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedOne(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
