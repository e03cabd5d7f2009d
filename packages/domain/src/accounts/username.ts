/**
 * The one form of a username that sign-in, its failure counter and the uniqueness rule
 * compare: Unicode NFKC (a fullwidth `ｄｅｍｏ` is `demo`), then lowercase. The database
 * stores it (`users.username_key`) and never lowercases itself: PostgreSQL's `lower()`
 * follows the server's locale and maps `İ` (U+0130) to `i`, where this maps it to `i̇`
 * (i and a combining dot), so the two once disagreed about which account a name meant.
 */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}
