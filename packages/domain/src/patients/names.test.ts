import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldToEnglish, isEnglishName, nonEnglishCharacters, tidyName } from './names.ts';

describe('English names', () => {
  it.each([
    'Tan Ah Kow',
    "Mary O'Neil",
    'Lee-Anne Lim',
    'Rajan s/o Muthu',
    'Ahmad @ Mat',
    'Tan Ah Kow (Chen Ya Gou)',
    'Lim, J.',
  ])('accepts %s', (name) => expect(isEnglishName(name)).toBe(true));

  it.each(['陈亚狗', 'Tan 亚狗', 'José', 'Baby 2', '  ', "'-."])('refuses %s', (name) =>
    expect(isEnglishName(name)).toBe(false),
  );

  it('folds accents and apostrophes and keeps every other character', () => {
    expect(foldToEnglish('José Müller')).toBe('Jose Muller');
    expect(foldToEnglish('O’Neil\tMary')).toBe("O'Neil Mary");
    expect(foldToEnglish('Tan 123 Ah 4')).toBe('Tan 123 Ah 4');
    expect(foldToEnglish('Tan 亚狗 Ah Kow')).toBe('Tan 亚狗 Ah Kow');
    expect(tidyName('  Tan   Ah\tKow ')).toBe('Tan Ah Kow');
  });

  it('names the characters that are not English, each once', () => {
    expect(nonEnglishCharacters('Tan 123 Ah 4')).toEqual(['1', '2', '3', '4']);
    expect(nonEnglishCharacters('Tan 亚狗 Ah 亚')).toEqual(['亚', '狗']);
    expect(nonEnglishCharacters('Ann 😀')).toEqual(['😀']);
    expect(nonEnglishCharacters("Mary O'Neil")).toEqual([]);
  });

  it('finds a folded name English exactly when no character is refused', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const folded = foldToEnglish(value);
        const english = nonEnglishCharacters(folded).length === 0 && /[a-z]/i.test(folded);
        return english === isEnglishName(folded);
      }),
    );
  });
});
