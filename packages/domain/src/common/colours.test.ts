import { describe, expect, it } from 'vitest';
import { contrastRatio, isHexColour, readableTextColour, relativeLuminance } from './colours.ts';

describe('colours', () => {
  it('reads hex colours', () => {
    expect(['#1D4ED8', '#fff', '#000000'].every(isHexColour)).toBe(true);
    expect(['1D4ED8', '#1D4ED', 'blue', '#GGGGGG'].some(isHexColour)).toBe(false);
    expect(() => relativeLuminance('blue')).toThrow(RangeError);
  });

  it('measures contrast as WCAG 2 does', () => {
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1);
    expect(relativeLuminance('#000')).toBe(0);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });

  it('chooses the text colour for a background', () => {
    expect(readableTextColour('#1D4ED8')).toBe('#FFFFFF');
    expect(readableTextColour('#FDE68A')).toBe('#000000');
  });
});
