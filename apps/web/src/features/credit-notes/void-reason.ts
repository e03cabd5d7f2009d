import { dialogs } from '../../components/dialogs.tsx';

/** Asks the reason of a void; null when the user cancels. */
export async function askVoidReason(title: string, label: string, ok: string) {
  const answer = await dialogs.confirm({
    title,
    okText: ok,
    focusCancel: true,
    input: { type: 'textarea', label, required: label },
  });
  return answer.confirmed ? String(answer.value ?? '') : null;
}
