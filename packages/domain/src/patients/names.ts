/** Patients' names: the "English" name rule of clinics with an HCI code, and tidying. */

/**
 * Characters of an "English" name: Latin letters A to Z, spaces, and the punctuation that
 * Singapore registered names use: apostrophe (O'Neil), hyphen, full stop and comma, slash
 * (s/o, d/o), '@' (aliases: "Ahmad @ Mat") and brackets (Hanyu Pinyin names, "Tan Ah Kow
 * (Chen Ya Gou)"). Digits and other scripts are not English. A name needs a letter.
 */
const ENGLISH_NAME_PATTERN = /^[A-Za-z .,'/@()-]+$/;
const NOT_ENGLISH_NAME_CHARACTER = /[^A-Za-z .,'/@()-]/gu;

export function isEnglishName(name: string): boolean {
  const text = name.trim();
  return ENGLISH_NAME_PATTERN.test(text) && /[A-Za-z]/.test(text);
}

/**
 * The name with what has an English form rewritten in it: accents folded (José gives
 * Jose), curly apostrophes straight, any white space a space. Nothing is dropped or
 * trimmed, so the form runs it on every keystroke and paste; a character with no English
 * form stays, and the field says at once that the name is not English (issue 23: a field
 * never swallows what is typed). The schema trims on save.
 */
export function foldToEnglish(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/\s/g, ' ');
}

/** The characters an English name may not hold, each once, in the order they come. */
export function nonEnglishCharacters(name: string): string[] {
  return [...new Set(name.match(NOT_ENGLISH_NAME_CHARACTER) ?? [])];
}

/** Runs of white space become one space, ends trimmed. */
export function tidyName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}
