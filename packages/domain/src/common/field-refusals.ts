/**
 * Refusals of a request's shape, named by the field they are about: a missing, empty or
 * mistyped value, an unknown field, and a schema's own message that names no rule.
 */
export const FIELD_REFUSALS = {
  'field.required': (field: string) => `${field} is required`,
  'field.empty': (field: string) => `${field} cannot be empty`,
  'field.type': (field: string, kind: string) => `${field} must be ${kind}`,
  'field.unknown': (key: string) => `${key} is not a known field`,
  'field.singleLine': (field: string) => `${field} must be on one line, without control characters`,
  'field.controlCharacters': (field: string) => `${field} must not contain control characters`,
  'field.invalid': (message: string) => message,
} as const;
