import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { patientAreaTexts } from './patient-area/index.ts';

/** Every feature's texts module (`i18n/<feature>.ts`): each exports one object of texts. */
const featureModules = import.meta.glob<Record<string, Record<string, unknown>>>(
  ['./*.ts', '!./en.ts', '!./index.ts', '!./*.test.ts'],
  { eager: true },
);

const featureTexts = Object.entries(featureModules).flatMap(([file, exports]) =>
  Object.values(exports).map((texts) => ({ file, texts })),
);

const merged: Record<string, unknown> = { ...en, ...patientAreaTexts };

describe('English resource', () => {
  it('is read from the feature modules', () => {
    expect(featureTexts.length).toBeGreaterThan(5);
  });

  it('gives each top-level key to one feature module', () => {
    const keys = featureTexts.flatMap(({ texts }) => Object.keys(texts));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('holds every feature module whole, and nothing else', () => {
    for (const { file, texts } of featureTexts) {
      for (const [key, value] of Object.entries(texts)) {
        expect(merged[key], `'${key}' of ${file}`).toBe(value);
      }
    }
    const keys = featureTexts.flatMap(({ texts }) => Object.keys(texts));
    expect(Object.keys(en).sort()).toEqual(keys.sort());
  });
});
