export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** What a new password is refused for. */
export const PASSWORD_MESSAGES = {
  tooShort: `The password must be at least ${PASSWORD_MIN} characters.`,
  tooLong: `The password must be at most ${PASSWORD_MAX} characters.`,
  letterAndDigit: 'The password must contain at least one letter and one digit.',
  tooCommon: 'This password is too common. Please choose another one.',
  containsUsername: 'The password must not contain your username.',
} as const;

/** A few passwords every attacker tries first; a longer list adds little for a clinic. */
const COMMON_PASSWORDS = new Set([
  'password12',
  'password123',
  'password1234',
  'qwerty12345',
  '1234567890',
  'abcdefghij',
  'iloveyou12',
  'welcome123',
  'admin12345',
  'letmein123',
  'clinic1234',
]);

/**
 * The problem with a new password, or null when it is acceptable: 10 to 128 characters,
 * at least one letter and one digit, not a well-known password, and not containing the
 * username.
 */
export function passwordProblem(password: string, username = ''): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) {
    return PASSWORD_MESSAGES.letterAndDigit;
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return PASSWORD_MESSAGES.tooCommon;
  const name = username.split('@')[0]?.toLowerCase() ?? '';
  if (name.length >= 3 && password.toLowerCase().includes(name)) {
    return PASSWORD_MESSAGES.containsUsername;
  }
  return null;
}
