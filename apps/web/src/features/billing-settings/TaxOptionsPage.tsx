import type { TaxOptionRecord } from '@clinic/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { billingSettingsKeys, orderTaxOptions, useTaxOptions } from './billing-settings-api.ts';
import { useBillingSettingsRights, usePlaceKey, type SettingsPlace } from './rights.ts';
import { SalesSettingsNav } from './SalesSettingsNav.tsx';
import { movedOne, percentText } from './settings-forms.ts';
import '../../i18n/billing-settings/index.ts';

const NewTaxOptionDialog = lazy(async () => ({
  default: (await import('./SettingsDialogs.tsx')).NewTaxOptionDialog,
}));
const TaxOptionDialog = lazy(async () => ({
  default: (await import('./SettingsDialogs.tsx')).TaxOptionDialog,
}));

type Step = -1 | 1;

/** The move button a moved option's focus returns to (the other one at the list's ends). */
function moveButton(table: HTMLElement | null, id: string, step: Step): HTMLElement | null {
  const wanted = table?.querySelector<HTMLButtonElement>(`[data-move="${id}:${step}"]`);
  if (wanted && !wanted.disabled) return wanted;
  return table?.querySelector<HTMLElement>(`[data-move="${id}:${-step}"]`) ?? null;
}

/**
 * Moving options up and down: the whole order is sent at the versions read (a 409 says
 * someone changed the list, which is read again); the focus stays on the moved option's
 * button and a live region says where it went, so the keyboard can keep moving it.
 */
function useReorder(place: string | undefined, table: RefObject<HTMLDivElement | null>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [moved, setMoved] = useState<{ id: string; step: Step; said: string } | null>(null);

  useEffect(() => {
    if (moved) moveButton(table.current, moved.id, moved.step)?.focus();
  }, [moved, table]);

  async function move(options: TaxOptionRecord[], index: number, step: Step) {
    const option = options[index];
    if (!option || busy) return;
    setBusy(true);
    try {
      const items = await orderTaxOptions(movedOne(options, index, step));
      client.setQueryData(billingSettingsKeys.taxOptions(place), items);
      void client.invalidateQueries({ queryKey: ['billing', 'taxOptions'] });
      const position = items.findIndex((item) => item.id === option.id) + 1;
      setMoved({
        id: option.id,
        step,
        said: t('billingSettings.tax.moved', { name: option.name, position }),
      });
    } catch (failure) {
      alertFailure(failure);
      void client.invalidateQueries({ queryKey: billingSettingsKeys.taxOptions(place) });
    } finally {
      setBusy(false);
    }
  }
  return { busy, move, said: moved?.said ?? '' };
}

function RatesCell({ option }: { option: TaxOptionRecord }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      {option.rates.map((rate) => (
        <Text key={rate.effectiveFrom} size="sm">
          {t('billingSettings.tax.rateFrom', {
            rate: percentText(rate.rateBasisPoints),
            date: formatCalendarDate(rate.effectiveFrom, DATE_FORMATS.picker),
          })}
        </Text>
      ))}
    </Stack>
  );
}

function StatusCell({ option }: { option: TaxOptionRecord }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start" miw="max-content">
      <Badge color={option.isActive ? 'teal' : 'gray'}>
        {option.isActive ? t('billingSettings.active') : t('billingSettings.inactive')}
      </Badge>
      {option.isDefault && <Badge color="blue">{t('billingSettings.tax.defaultBadge')}</Badge>}
    </Stack>
  );
}

/**
 * Settings 'sales/tax' (doc 1 section 2.5; the console's 'settings/sales/tax', doc 3
 * section 2.2): the clinic's tax options in order, with today's rate and each rate's
 * effective-from date; the first active one is the default. Owners
 * (`billingSettings:create|update`) add options, edit their name and active flag, add a
 * rate from a date, and reorder them; other roles read.
 */
export function TaxOptionsPage({ where }: { where: SettingsPlace }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const place = usePlaceKey(where);
  const options = useTaxOptions(place);
  const rights = useBillingSettingsRights(where);
  const today = clinicToday(useClinicOffset());
  const table = useRef<HTMLDivElement>(null);
  const reorder = useReorder(place, table);
  const [editing, setEditing] = useState<TaxOptionRecord | 'new' | null>(null);

  const saved = () => {
    setEditing(null);
    void client.invalidateQueries({ queryKey: billingSettingsKeys.taxOptions(place) });
    // The invoice form's tax list (`GET /tax/options`) shows the change too.
    void client.invalidateQueries({ queryKey: ['billing', 'taxOptions'] });
  };
  const list = options.data ?? [];

  return (
    <Stack gap="md">
      {where === 'branch' && <SalesSettingsNav />}
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('billingSettings.pages.tax')}
        </Title>
        {rights.create && (
          <Button onClick={() => setEditing('new')}>{t('billingSettings.tax.add')}</Button>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        {t('billingSettings.tax.intro')}
      </Text>
      {!rights.update && <Text size="sm">{t('billingSettings.readOnly')}</Text>}
      {options.isError ? (
        <Alert color="red">{t('billingSettings.tax.failed')}</Alert>
      ) : !options.data ? (
        <Skeleton height={160} aria-label={t('billingSettings.tax.loading')} />
      ) : (
        <div ref={table}>
          <DataTable aria-label={t('billingSettings.tax.label')} minWidth={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billingSettings.tax.order')}</Table.Th>
                <Table.Th>{t('billingSettings.code')}</Table.Th>
                <Table.Th>{t('billingSettings.name')}</Table.Th>
                <Table.Th>{t('billingSettings.tax.rateToday')}</Table.Th>
                <Table.Th>{t('billingSettings.tax.rates')}</Table.Th>
                <Table.Th>{t('billingSettings.status')}</Table.Th>
                {rights.update && <ActionTh />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((option, index) => (
                <Table.Tr key={option.id} data-testid="tax-option-row">
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{option.code}</Table.Td>
                  <Table.Td>{option.name}</Table.Td>
                  <Table.Td>{percentText(option.rateBasisPoints)}</Table.Td>
                  <Table.Td>
                    <RatesCell option={option} />
                  </Table.Td>
                  <Table.Td>
                    <StatusCell option={option} />
                  </Table.Td>
                  {rights.update && (
                    <ActionTd>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="default"
                          data-move={`${option.id}:-1`}
                          aria-label={t('billingSettings.tax.moveUp', { name: option.name })}
                          title={t('billingSettings.tax.moveUp', { name: option.name })}
                          disabled={index === 0 || reorder.busy}
                          onClick={() => void reorder.move(list, index, -1)}
                        >
                          <IconArrowUp size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          data-move={`${option.id}:1`}
                          aria-label={t('billingSettings.tax.moveDown', { name: option.name })}
                          title={t('billingSettings.tax.moveDown', { name: option.name })}
                          disabled={index === list.length - 1 || reorder.busy}
                          onClick={() => void reorder.move(list, index, 1)}
                        >
                          <IconArrowDown size={16} aria-hidden />
                        </ActionIcon>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          data-primary-action
                          onClick={() => setEditing(option)}
                        >
                          {t('billingSettings.tax.editOne', { name: option.name })}
                        </Button>
                      </Group>
                    </ActionTd>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DataTable>
        </div>
      )}
      <VisuallyHidden aria-live="polite">{reorder.said}</VisuallyHidden>
      {editing && (
        <Suspense fallback={null}>
          {editing === 'new' ? (
            <NewTaxOptionDialog today={today} onClose={() => setEditing(null)} onSaved={saved} />
          ) : (
            <TaxOptionDialog option={editing} onClose={() => setEditing(null)} onSaved={saved} />
          )}
        </Suspense>
      )}
    </Stack>
  );
}
