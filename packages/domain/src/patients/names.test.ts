import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEnglishName, tidyName, toEnglishName } from './names.ts';

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

  it('strips what is not English, folding accents and apostrophes', () => {
    expect(toEnglishName('Tan 亚狗 Ah Kow')).toBe('Tan  Ah Kow');
    expect(toEnglishName('José Müller')).toBe('Jose Muller');
    expect(toEnglishName('O’Neil\tMary')).toBe("O'Neil Mary");
    expect(toEnglishName('Ali2 ')).toBe('Ali ');
    expect(tidyName('  Tan   Ah\tKow ')).toBe('Tan Ah Kow');
  });

  it('always gives a name made of English characters only', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const stripped = toEnglishName(value);
        return !/[a-z]/i.test(stripped) || isEnglishName(stripped);
      }),
    );
  });
});
