import type { CompanyRecord } from '@clinic/domain';
import { Button, Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { useCheckedForm } from '../../components/form/use-checked-form.ts';
import { i18n } from '../../i18n/index.ts';
import { createCompany, updateCompany, type CompanyBody } from './companies-api.ts';
import '../../i18n/companies/index.ts';

interface Values extends Record<string, unknown> {
  code: string;
  name: string;
  address: string;
  contactPerson: string;
  phone: string;
  email: string;
  creditTermsDays: string;
  isActive: boolean;
}

const valuesOf = (company: CompanyRecord | null): Values => ({
  code: company?.code ?? '',
  name: company?.name ?? '',
  address: company?.address ?? '',
  contactPerson: company?.contactPerson ?? '',
  phone: company?.phone ?? '',
  email: company?.email ?? '',
  creditTermsDays: String(company?.creditTermsDays ?? 0),
  isActive: company?.isActive ?? true,
});

const daysOf = (text: string): number | null =>
  /^\s*\d{1,3}\s*$/.test(text) && Number(text) <= 365 ? Number(text) : null;

/** The form's body; the server checks every field again (and names it when it refuses). */
function bodyOf(values: Values): CompanyBody {
  const text = (value: string) => (value.trim() ? value.trim() : null);
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    address: text(values.address),
    contactPerson: text(values.contactPerson),
    phone: text(values.phone),
    email: text(values.email),
    creditTermsDays: daysOf(values.creditTermsDays) ?? 0,
  };
}

export interface CompanyDialogProps {
  /** Null: a new company. */
  company: CompanyRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** A company's form: its code, name, bill-to block and credit terms; active on edit. */
export function CompanyDialog({ company, onClose, onSaved }: CompanyDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { form, check } = useCheckedForm<Values>({
    initialValues: valuesOf(company),
    validate: (values) =>
      daysOf(values.creditTermsDays) === null
        ? { creditTermsDays: i18n.t('companies.daysRule') }
        : {},
  });

  async function save() {
    if (!check()) return;
    setBusy(true);
    try {
      const body = bodyOf(form.getValues());
      if (company) {
        await updateCompany(company.id, {
          ...body,
          isActive: form.getValues().isActive,
          version: company.version,
        });
      } else await createCompany(body);
      onSaved();
    } catch (failure) {
      const errors = failure instanceof ApiError ? failure.errors : [];
      const placed = errors.filter((error) => error.field in form.getValues());
      if (placed.length > 0) {
        form.setErrors(Object.fromEntries(placed.map((error) => [error.field, error.message])));
      } else {
        alertFailure(failure);
        if (failure instanceof ApiError && failure.status === 409) onSaved();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      title={company ? t('companies.editTitle', { code: company.code }) : t('companies.newTitle')}
      onClose={onClose}
      dirty={form.isDirty()}
      size="lg"
      onSubmit={() => void save()}
      footer={(close) => (
        <>
          <Button variant="default" onClick={close}>
            {t('companies.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-dialog-save>
            {t('companies.save')}
          </Button>
        </>
      )}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('companies.code')} withAsterisk {...form.getInputProps('code')} />
          <TextInput label={t('companies.name')} withAsterisk {...form.getInputProps('name')} />
        </SimpleGrid>
        <Textarea label={t('companies.address')} rows={3} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('companies.contactPerson')}
            {...form.getInputProps('contactPerson')}
          />
          <TextInput label={t('companies.phone')} {...form.getInputProps('phone')} />
          <TextInput label={t('companies.email')} type="email" {...form.getInputProps('email')} />
          <TextInput
            label={t('companies.creditTermsDays')}
            description={t('companies.creditTermsHint')}
            inputMode="numeric"
            {...form.getInputProps('creditTermsDays')}
          />
        </SimpleGrid>
        {company && (
          <Checkbox
            label={t('companies.active')}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
        )}
      </Stack>
    </AppDialog>
  );
}
