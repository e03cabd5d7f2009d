import { ActionIcon } from '@mantine/core';

/**
 * The × at the end of a list's row that removes the row (after a question: see
 * `removeAfterConfirm`); `label` names the row for a screen reader ('Remove Penicillin').
 */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick}>
      ×
    </ActionIcon>
  );
}
