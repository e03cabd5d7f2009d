import type { DispenseResult, DispensingLine } from '@clinic/domain';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { dispenseLines } from './dispensing-api.ts';
import '../../i18n/patient-area/index.ts';

export interface DispenseDialogProps {
  visitId: string;
  /** The lines not yet dispensed: all chosen at first. */
  lines: readonly DispensingLine[];
  onClose: () => void;
  onDispensed: (result: DispenseResult) => void;
}

/**
 * The dispense dialog (doc 2 section 2.14): the spec's question and Yes, with the lines to
 * dispense (all at first; untick the ones the patient does not take now). A refusal (a
 * line short of stock, named with what is left) is shown here in the server's words, and
 * nothing has been dispensed.
 */
export function DispenseDialog({ visitId, lines, onClose, onDispensed }: DispenseDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(lines.map((line) => line.prescriptionId)),
  );
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
    setRefusal(null);
  };

  const dispense = async () => {
    const ids = lines.map((line) => line.prescriptionId).filter((id) => chosen.has(id));
    if (ids.length === 0) {
      setRefusal(t('dispensing.chooseOne'));
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      onDispensed(await dispenseLines(visitId, ids));
    } catch (failure) {
      // 401 and 403 are handled by the API client (sign-in, the role's refusal).
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) {
        onClose();
        return;
      }
      setRefusal(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog
      title={t('dispensing.dispenseTitle')}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            {t('dispensing.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void dispense()} data-dialog-save>
            {t('dispensing.yes')}
          </Button>
        </>
      }
    >
      <Stack gap="sm">
        <Text>{t('dispensing.confirm')}</Text>
        {lines.map((line) => {
          const short = line.available !== null && line.available < line.quantity;
          return (
            <Group key={line.prescriptionId} gap="xs" wrap="nowrap" align="flex-start">
              <Checkbox
                checked={chosen.has(line.prescriptionId)}
                onChange={(event) => toggle(line.prescriptionId, event.currentTarget.checked)}
                aria-label={t('dispensing.chooseLine', { name: line.name })}
                mt={2}
              />
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {`${line.name}: ${line.quantity} ${line.unit}`}
                </Text>
                <Text size="xs">{line.instructions}</Text>
                {short && (
                  <Text size="xs" c="red.9">
                    {t('dispensing.shortWarning', { count: line.available ?? 0 })}
                  </Text>
                )}
              </Stack>
            </Group>
          );
        })}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
      </Stack>
    </AppDialog>
  );
}
