import { toFieldErrors } from '@clinic/domain';
import type { FormErrors } from '@mantine/form';

/** A form's messages by field path (`name`, `visit.remark`); a field without one is fine. */
export type FieldErrors = FormErrors;

/** What a form's check gives: the body to send, or the messages to show. */
export type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

interface SafeParseSchema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: Parameters<typeof toFieldErrors>[0] } };
}

/**
 * A domain schema's verdict on a form's input: the parsed body, or one message per field
 * worded as the server words it (`toFieldErrors`, the server's own error mapping).
 */
export function checkWith<T>(schema: SafeParseSchema<T>, input: unknown): Checked<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, body: result.data };
  const errors = toFieldErrors(result.error.issues);
  return { ok: false, errors: Object.fromEntries(errors.map((e) => [e.field, e.message])) };
}

/** The messages of a group of fields, placed under `path` (`remark` becomes `visit.remark`). */
export function errorsAt(path: string, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [`${path}.${field}`, message]),
  );
}

/** The messages under `path`, named as within it (`visit.remark` becomes `remark`). */
export function errorsWithin(errors: FieldErrors, path: string): FieldErrors {
  const prefix = `${path}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, message]) => [field.slice(prefix.length), message]),
  );
}
