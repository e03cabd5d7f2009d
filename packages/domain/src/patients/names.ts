/** Patients' names: the "English" name rule of clinics with an HCI code, and tidying. */

/**
 * Characters of an "English" name: Latin letters A to Z, spaces, and the punctuation that
 * Singapore registered names use: apostrophe (O'Neil), hyphen, full stop and comma, slash
 * (s/o, d/o), '@' (aliases: "Ahmad @ Mat") and brackets (Hanyu Pinyin names, "Tan Ah Kow
 * (Chen Ya Gou)"). Digits and other scripts are not English. A name needs a letter.
 */
const ENGLISH_NAME_PATTERN = /^[A-Za-z .,'/@()-]+$/;
const NOT_ENGLISH_NAME_CHARACTER = /[^A-Za-z .,'/@()-]/g;

export function isEnglishName(name: string): boolean {
  const text = name.trim();
  return ENGLISH_NAME_PATTERN.test(text) && /[A-Za-z]/.test(text);
}

/**
 * The name with every non-English character stripped (the form strips them as they are
 * typed). Accents are folded first (José gives Jose), curly apostrophes become straight,
 * any white space becomes a space. Nothing is trimmed, so it can run on every keystroke;
 * the schema trims on save.
 */
export function toEnglishName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/\s/g, ' ')
    .replace(NOT_ENGLISH_NAME_CHARACTER, '');
}

/** Runs of white space become one space, ends trimmed. */
export function tidyName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}
