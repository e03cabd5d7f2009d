import { REFUSALS } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { loadRefusalTexts, refusalText } from './refusal-text.ts';

beforeAll(async () => {
  if (!i18n.isInitialized) await new Promise((done) => i18n.on('initialized', done));
  await loadRefusalTexts();
});

describe('refusal messages', () => {
  it('come from i18n by code, whatever words the server sent', () => {
    expect(refusalText('patient.nricTaken', 'reworded by the server')).toBe(
      REFUSALS['patient.nricTaken'],
    );
    expect(refusalText('field.required', 'name is required', 'name')).toBe('name is required');
  });

  it('keep the server words for a refusal whose message names values, or without a code', () => {
    expect(
      refusalText('tenant.codeWrong', 'The activation code is not correct. 2 attempts left.'),
    ).toBe('The activation code is not correct. 2 attempts left.');
    expect(refusalText(undefined, 'Bad gateway')).toBe('Bad gateway');
  });

  it('follow the language: a translation of the code replaces the English text', () => {
    i18n.addResourceBundle('xx', 'refusal', { 'queue.callInFirst': 'Bitte zuerst aufrufen.' });
    const english = i18n.language;
    return i18n.changeLanguage('xx').then(() => {
      expect(refusalText('queue.callInFirst', REFUSALS['queue.callInFirst'])).toBe(
        'Bitte zuerst aufrufen.',
      );
      return i18n.changeLanguage(english);
    });
  });
});
