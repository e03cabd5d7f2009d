/** The editor's address of a referral (or 'new') of a visit; `base` is the patient's. */
export function referralEditorPath(base: string, visitId: string, referralId: string): string {
  return `${base}/referral/${encodeURIComponent(visitId)}/${encodeURIComponent(referralId)}`;
}
