import { describe, expect, it } from 'vitest';
import { normalizeUsername } from './username.ts';

describe('username normalisation', () => {
  it('maps case and compatibility variants of a name to one form', () => {
    expect(normalizeUsername('Demo.Admin')).toBe('demo.admin');
    // Fullwidth letters and full stop (U+FF44 ...) are the ASCII name.
    expect(normalizeUsername('ｄｅｍｏ．ＡＤＭＩＮ')).toBe('demo.admin');
    // A ligature (U+FB01) is its letters.
    expect(normalizeUsername('ﬁona@example.com')).toBe('fiona@example.com');
  });

  it('keeps a look-alike apart: a dotted capital I is not the letter i', () => {
    expect(normalizeUsername('demo.admİn')).not.toBe('demo.admin');
    expect(normalizeUsername('demo.admİn')).toBe('demo.admi\u0307n');
    // A Cyrillic а (U+0430) looks like a Latin a but is another letter.
    expect(normalizeUsername('demo.\u0430dmin')).not.toBe('demo.admin');
  });

  it('is stable: a normalised name normalises to itself, for every code point', () => {
    for (let code = 0; code < 0x110000; code += 1) {
      if (code >= 0xd800 && code < 0xe000) continue;
      const once = normalizeUsername(String.fromCodePoint(code));
      if (normalizeUsername(once) !== once) throw new Error(`U+${code.toString(16)} is unstable`);
    }
  });
});
