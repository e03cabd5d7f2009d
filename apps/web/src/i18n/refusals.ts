import { FIELD_REFUSALS, REFUSALS } from '@clinic/domain';

/**
 * English refusal messages by code. A fixed text is the domain's; a refusal about a field
 * names it as `{{field}}`; others name values the answer does not carry (a wait, the
 * attempts left), so the server's words are shown for them.
 */
export function englishRefusals(): Record<string, string> {
  const texts: Record<string, string> = {
    'field.required': FIELD_REFUSALS['field.required']('{{field}}'),
    'field.empty': FIELD_REFUSALS['field.empty']('{{field}}'),
    'field.singleLine': FIELD_REFUSALS['field.singleLine']('{{field}}'),
    'field.controlCharacters': FIELD_REFUSALS['field.controlCharacters']('{{field}}'),
  };
  for (const [code, text] of Object.entries(REFUSALS)) {
    if (typeof text === 'string') texts[code] = text;
  }
  return texts;
}
