import {
  PATIENT_SEARCH_FILTERS,
  SEARCH_DEBOUNCE_MS,
  patientsApi,
  type PatientPickerOption,
  type PatientSearchFilter,
} from '@clinic/domain';
import {
  Box,
  Button,
  Chip,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { dialogs } from '../../components/dialogs.tsx';
import { filterDetail, isSearchable, moveHighlight, nextFilter } from './patient-search.ts';

/** Patient list height (doc 1 section 9). */
const LIST_HEIGHT = 320;

export function patientSearchKey(
  branchId: string | undefined,
  filter: PatientSearchFilter,
  keyword: string,
) {
  return ['patient-search', branchId, filter, keyword] as const;
}

/** `GET /patients/option`; a failure is only logged and shows as no result (doc 1 section 8). */
function usePatientSearch(filter: PatientSearchFilter, keyword: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: patientSearchKey(branchId, filter, keyword),
    queryFn: async () => {
      try {
        const list = await api().call(patientsApi.search, { query: { keyword, filter } });
        return list.items;
      } catch (error) {
        console.warn('Patient search failed', error);
        return [];
      }
    },
    enabled: isSearchable(keyword),
    staleTime: 30_000,
    // While a newer keyword is searched the list keeps what the user sees, so Enter picks
    // the highlighted row rather than finding an empty list.
    placeholderData: keepPreviousData,
  });
}

export interface PatientSearchPickerProps {
  label: string;
  value: PatientPickerOption | null;
  onChange: (patient: PatientPickerOption | null) => void;
  error?: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
}

/**
 * Finds a patient by name, ID number, card, contact number, postal code or address
 * (doc 1 section 2.13). Keys: up and down move through the results, shift with left or
 * right changes the filter, Enter picks, Escape closes the list.
 */
export function PatientSearchPicker({
  label,
  value,
  onChange,
  error,
  required,
  autoFocus,
}: PatientSearchPickerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [keyword, setKeyword] = useState(value?.name ?? '');
  const [filter, setFilter] = useState<PatientSearchFilter>('patient_name');
  const [opened, setOpened] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const [searched] = useDebouncedValue(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const search = usePatientSearch(filter, searched);
  const results = isSearchable(searched) ? (search.data ?? []) : [];

  const changeFilter = (next: PatientSearchFilter) => {
    setFilter(next);
    setHighlighted(-1);
  };
  const choose = (patient: PatientPickerOption) => {
    onChange(patient);
    setKeyword(patient.name);
    setOpened(false);
    setHighlighted(-1);
  };
  const type = (text: string) => {
    setKeyword(text);
    setOpened(true);
    setHighlighted(-1);
    if (value) onChange(null);
  };
  const clear = () => {
    type('');
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpened(true);
      setHighlighted((index) =>
        moveHighlight(index, results.length, event.key === 'ArrowDown' ? 1 : -1),
      );
    } else if (opened && event.shiftKey && ['ArrowLeft', 'ArrowRight'].includes(event.key)) {
      event.preventDefault();
      changeFilter(nextFilter(filter, event.key === 'ArrowRight' ? 1 : -1));
    } else if (opened && event.key === 'Enter') {
      event.preventDefault();
      const patient = results[highlighted];
      if (patient) choose(patient);
      else void dialogs.alert(t('patient.search.noneSelected'), { type: 'warning' });
    } else if (opened && event.key === 'Escape') {
      setOpened(false);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width="target"
      shadow="md"
      trapFocus={false}
      returnFocus={false}
      closeOnEscape={false}
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          ref={inputRef}
          label={label}
          required={required}
          error={error}
          autoFocus={autoFocus}
          value={keyword}
          onChange={(event) => type(event.currentTarget.value)}
          onClick={() => setOpened(true)}
          onKeyDown={onKeyDown}
          placeholder={t('patient.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSectionWidth={72}
          rightSection={
            keyword.length > 2 ? (
              <Button variant="subtle" size="compact-xs" onClick={clear}>
                {t('patient.search.clear')}
              </Button>
            ) : undefined
          }
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={opened}
          aria-controls={opened ? listId : undefined}
          aria-activedescendant={opened && highlighted >= 0 ? optionId(highlighted) : undefined}
          data-mantine-stop-propagation={opened ? 'true' : undefined}
        />
      </Popover.Target>
      <Popover.Dropdown miw={420} p="xs">
        <Stack gap="xs">
          <Chip.Group
            value={filter}
            onChange={(next) => {
              changeFilter(next);
              inputRef.current?.focus();
            }}
          >
            <Group gap={6} role="radiogroup" aria-label={t('patient.search.filterLabel')}>
              {PATIENT_SEARCH_FILTERS.map((name) => (
                <Chip key={name} value={name} size="xs">
                  {t(`patient.search.filter.${name}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <ScrollArea.Autosize mah={LIST_HEIGHT}>
            <Box id={listId} role="listbox" aria-label={t('patient.search.results')}>
              {results.map((patient, index) => (
                <PatientResult
                  key={patient.id}
                  id={optionId(index)}
                  patient={patient}
                  detail={filterDetail(patient, filter)}
                  highlighted={index === highlighted}
                  onChoose={() => choose(patient)}
                />
              ))}
            </Box>
          </ScrollArea.Autosize>
          {search.isFetching && (
            <Group justify="center">
              <Loader size="sm" aria-label={t('dialog.loading')} />
            </Group>
          )}
          {!search.isFetching && results.length === 0 && (
            <Stack gap={2} align="center" py="sm">
              <Text fw={700}>{t('patient.search.empty')}</Text>
              <Text size="sm" c="dimmed">
                {t('patient.search.hint')}
              </Text>
            </Stack>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function PatientResult({
  id,
  patient,
  detail,
  highlighted,
  onChoose,
}: {
  id: string;
  patient: PatientPickerOption;
  detail: string | null;
  highlighted: boolean;
  onChoose: () => void;
}) {
  return (
    <Box
      id={id}
      role="option"
      aria-selected={highlighted}
      px="sm"
      py={6}
      bg={highlighted ? 'teal.9' : undefined}
      c={highlighted ? 'white' : undefined}
      style={{ cursor: 'pointer', borderRadius: 4 }}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600} size="sm" truncate>
          {patient.name}
        </Text>
        <Text size="sm">{patient.nric ?? ''}</Text>
      </Group>
      {detail && <Text size="xs">{detail}</Text>}
    </Box>
  );
}
