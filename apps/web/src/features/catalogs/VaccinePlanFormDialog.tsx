import { CYCLE_UNITS, VACCINE_PLAN_DOSES_MAX, type VaccinePlan } from '@clinic/domain';
import {
  Button,
  Checkbox,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { saveVaccinePlan, useVaccineItems } from './catalog-api.ts';
import { FormDialogFooter, useCatalogForm } from './FormDialogParts.tsx';
import {
  checkVaccinePlan,
  emptyPlanForm,
  newDose,
  planFormOf,
  type DoseRow,
  type VaccinePlanForm,
} from './plan-form.ts';
import '../../i18n/catalogs/index.ts';

/**
 * A vaccine plan: its name, the vaccine (an item of the catalog), the active flag and the
 * doses in order, each due an interval after the previous one or at an age in months.
 */
export function VaccinePlanFormDialog({
  plan,
  onClose,
}: {
  plan: VaccinePlan | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { values, errors, saving, change, save, text, dirty } = useCatalogForm({
    initial: (): VaccinePlanForm => (plan ? planFormOf(plan) : emptyPlanForm()),
    check: checkVaccinePlan,
    send: (body) => saveVaccinePlan(body, plan),
    saved: t('catalog.plans.saved'),
    onClose,
  });
  const vaccines = (useVaccineItems().data ?? []).filter(
    (item) => item.isActive || item.id === values.itemId,
  );
  const doses = values.doses;
  const setDose = (index: number, patch: Partial<DoseRow>) =>
    change(
      'doses',
      doses.map((dose, at) => (at === index ? { ...dose, ...patch } : dose)),
    );
  const units = CYCLE_UNITS.map((unit) => ({
    value: unit,
    label: t(`catalog.plans.units.${unit}`),
  }));

  return (
    <AppDialog
      title={plan ? t('catalog.plans.editTitle', { name: plan.name }) : t('catalog.plans.newTitle')}
      onClose={onClose}
      size={760}
      dirty={dirty}
      onSubmit={() => void save()}
      footer={(close) => <FormDialogFooter close={close} saving={saving} />}
    >
      <Stack>
        <TextInput label={t('catalog.plans.form.name')} withAsterisk {...text('name')} />
        <Select
          label={t('catalog.plans.form.vaccine')}
          withAsterisk
          searchable
          data={vaccines.map((item) => ({ value: item.id, label: `${item.code} - ${item.name}` }))}
          value={values.itemId}
          onChange={(value) => change('itemId', value)}
          error={errors.itemId}
        />
        <Checkbox
          label={t('catalog.plans.form.isActive')}
          checked={values.isActive}
          onChange={(event) => change('isActive', event.currentTarget.checked)}
        />
        <Text size="sm" fw={500}>
          {t('catalog.plans.form.doses')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('catalog.plans.form.hint')}
        </Text>
        <DataTable aria-label={t('catalog.plans.form.dosesLabel')} minWidth={620}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('catalog.plans.form.number')}</Table.Th>
              <Table.Th>{t('catalog.cols.name')}</Table.Th>
              <Table.Th>{t('catalog.plans.form.intervalHeader')}</Table.Th>
              <Table.Th>{t('catalog.plans.form.unitHeader')}</Table.Th>
              <Table.Th>{t('catalog.plans.form.ageHeader')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('catalog.cols.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {doses.map((dose, index) => {
              const number = index + 1;
              const at = (field: string) => errors[`doses.${index}.${field}`];
              return (
                <Table.Tr key={index}>
                  <Table.Td>{number}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('catalog.plans.form.doseName', { number })}
                      value={dose.name}
                      onChange={(event) => setDose(index, { name: event.currentTarget.value })}
                      error={at('name')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('catalog.plans.form.intervalOf', { number })}
                      inputMode="numeric"
                      w={80}
                      value={dose.intervalValue}
                      onChange={(event) =>
                        setDose(index, { intervalValue: event.currentTarget.value })
                      }
                      error={at('intervalValue')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('catalog.plans.form.unitOf', { number })}
                      w={120}
                      clearable
                      data={units}
                      value={dose.intervalUnit}
                      onChange={(value) => setDose(index, { intervalUnit: value })}
                      error={at('intervalUnit')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('catalog.plans.form.ageOf', { number })}
                      inputMode="numeric"
                      w={80}
                      value={dose.ageMonths}
                      onChange={(event) => setDose(index, { ageMonths: event.currentTarget.value })}
                      error={at('ageMonths')}
                    />
                  </Table.Td>
                  <Table.Td>
                    {doses.length > 1 && (
                      <RemoveRowButton
                        label={t('catalog.plans.form.removeDose', { number })}
                        onClick={() =>
                          change(
                            'doses',
                            doses.filter((_, other) => other !== index),
                          )
                        }
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </DataTable>
        {errors.doses && (
          <Text size="sm" c="red.8">
            {errors.doses}
          </Text>
        )}
        <div>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={doses.length >= VACCINE_PLAN_DOSES_MAX}
            onClick={() => change('doses', [...doses, newDose(doses.length + 1)])}
          >
            {t('catalog.plans.form.addDose')}
          </Button>
        </div>
      </Stack>
    </AppDialog>
  );
}
