import { OVERRIDE_REASON_MAX } from '@clinic/domain';
import { ApiError } from '../../api/http.ts';

/**
 * The safety warnings of a refused line (400 `prescription.warnings` on `overrideReason`:
 * an allergy match or a duplicate drug), in the server's words; null for any other failure.
 */
export function warningsOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || failure.status !== 400) return null;
  const warning = failure.errors.find(
    (error) => error.field === 'overrideReason' && error.code === 'prescription.warnings',
  );
  return warning ? warning.message : null;
}

/** Asks the doctor why they prescribe through the warnings: the reason, or null to cancel. */
export type AskReason = (warnings: string) => Promise<string | null>;

/** The problem of a typed reason: required, and at most OVERRIDE_REASON_MAX characters. */
export function reasonProblem(reason: string): 'required' | 'tooLong' | null {
  if (reason.trim() === '') return 'required';
  return reason.length > OVERRIDE_REASON_MAX ? 'tooLong' : null;
}

/**
 * Sends a write; when the server answers with safety warnings, asks for the reason and
 * sends it again with it. Null when the doctor cancels (nothing is written then); any
 * other failure is thrown.
 */
export async function sendWithOverride<T>(
  send: (overrideReason: string | null) => Promise<T>,
  ask: AskReason,
  reason: string | null = null,
): Promise<T | null> {
  try {
    return await send(reason);
  } catch (failure) {
    const warnings = warningsOf(failure);
    // A reason answers the warnings: a second refusal with one is not asked about again.
    if (warnings === null || reason !== null) throw failure;
    const given = await ask(warnings);
    return given === null ? null : send(given);
  }
}
