import { toFieldErrors } from '@clinic/domain';

/** A form's messages by field path (`name`, `visitPurposes.0`); a field without one is fine. */
export type FieldErrors = Partial<Record<string, string>>;

/** What a form's check gives: the body to send, or the messages to show. */
export type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/** zod's issues as one message per field, with the server's wording (`toFieldErrors`). */
export function fieldErrorsOf(issues: Parameters<typeof toFieldErrors>[0]): FieldErrors {
  return Object.fromEntries(toFieldErrors(issues).map((error) => [error.field, error.message]));
}
