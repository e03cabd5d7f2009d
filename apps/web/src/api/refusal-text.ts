import type { RefusalCode } from '@clinic/domain';
import { i18n } from '../i18n/index.ts';

/** The i18n namespace of refusal messages: one key per refusal code. */
const NAMESPACE = 'refusal';

/**
 * A refusal's message in the user's language, by its code (`refusal` namespace); the
 * server's words until the texts have loaded, and for a code without a text.
 */
export function refusalText(
  code: RefusalCode | undefined,
  serverMessage: string,
  field?: string,
): string {
  if (!code || !i18n.isInitialized) return serverMessage;
  return i18n.t(code, {
    ns: NAMESPACE,
    keySeparator: false,
    nsSeparator: false,
    defaultValue: serverMessage,
    field,
  });
}

/** Loads the refusal texts after the first paint: no page waits for them. */
export async function loadRefusalTexts(): Promise<void> {
  const { englishRefusals } = await import('../i18n/refusals.ts');
  i18n.addResourceBundle('en', NAMESPACE, englishRefusals());
}
