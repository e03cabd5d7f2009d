import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';

export interface EditIdentityDialogProps {
  /** 'Edit NRIC', 'Edit card number'. */
  title: string;
  /** Why the value must change (wrong format, already in use). */
  tip: string;
  /** The field's name, e.g. 'NRIC' or 'Card number'. */
  fieldName: string;
  currentValue: string;
  /** The problem with a new value, or null when it will do. */
  validate: (value: string) => string | null;
  onConfirm: (value: string) => void;
  onClose: () => void;
}

/** Shows the refused ID or card number and asks for another (doc 1 section 2.13). */
export function EditIdentityDialog({
  title,
  tip,
  fieldName,
  currentValue,
  validate,
  onConfirm,
  onClose,
}: EditIdentityDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function confirm() {
    const problem = validate(value.trim());
    if (problem) {
      setError(problem);
      return;
    }
    onConfirm(value.trim());
  }

  return (
    <AppDialog
      onClose={onClose}
      title={title}
      size={420}
      centered
      dirty={value.trim() !== ''}
      onSubmit={confirm}
      footer={(close) => (
        <>
          <Button variant="default" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" data-dialog-save>
            {t('patient.edit.confirm')}
          </Button>
        </>
      )}
    >
      <Stack>
        <Alert color="accent.9" variant="outline" role="alert">
          {tip}
        </Alert>
        <TextInput
          label={t('patient.edit.current', { field: fieldName })}
          value={currentValue}
          readOnly
        />
        <TextInput
          label={t('patient.edit.new', { field: fieldName })}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          required
          data-autofocus
        />
      </Stack>
    </AppDialog>
  );
}
