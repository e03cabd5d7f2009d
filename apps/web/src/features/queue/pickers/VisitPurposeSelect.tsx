import { visitPurposeSummary, type VisitPurposeOption } from '@clinic/domain';
import {
  CheckIcon,
  Combobox,
  Group,
  InputBase,
  Text,
  useCombobox,
  type MantineSize,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface VisitPurposeSelectProps {
  options: readonly VisitPurposeOption[];
  value: string[];
  onChange: (codes: string[]) => void;
  /** A visible label; inline editors give `ariaLabel` instead. */
  label?: string;
  ariaLabel?: string;
  /** When the list closes: inline editors save then. */
  onDropdownClose?: () => void;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  size?: MantineSize;
}

/**
 * Visit purposes, several at once; the field shows the first code plus '(+N others)'
 * (doc 1 section 2.13), so it stays one line high in the dialog and in a table cell.
 */
export function VisitPurposeSelect({
  options,
  value,
  onChange,
  label,
  ariaLabel,
  onDropdownClose,
  error,
  required,
  disabled,
  size,
}: VisitPurposeSelectProps) {
  const { t } = useTranslation();
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      onDropdownClose?.();
    },
  });
  const summary = visitPurposeSummary(value);
  const toggle = (code: string) =>
    onChange(value.includes(code) ? value.filter((chosen) => chosen !== code) : [...value, code]);

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} size={size}>
      {/* A button that opens a list says whether the list is open. */}
      <Combobox.Target targetType="button" aria-expanded={combobox.dropdownOpened}>
        <InputBase
          component="button"
          type="button"
          pointer
          label={label}
          // An inline editor's name carries what it shows, as the visible text is part of it.
          aria-label={ariaLabel && `${ariaLabel}: ${summary}`}
          title={summary || undefined}
          error={error}
          required={required}
          disabled={disabled}
          size={size}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          // Tab (or a click elsewhere) closes the list, so it covers no field below; a
          // click on an option keeps the focus here (Mantine prevents its mouse down).
          onBlur={() => combobox.closeDropdown()}
        >
          {value.length > 0 ? (
            <Text span display="block" fz="inherit" truncate="end">
              {summary}
            </Text>
          ) : (
            <Text span c="dimmed" fz="inherit">
              {t('queue.visitPurposes.placeholder')}
            </Text>
          )}
        </InputBase>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-multiselectable aria-label={label ?? ariaLabel}>
          {options.length === 0 && <Combobox.Empty>{t('queue.visitPurposes.none')}</Combobox.Empty>}
          {options.map(({ code }) => {
            const checked = value.includes(code);
            return (
              <Combobox.Option value={code} key={code} active={checked} aria-selected={checked}>
                <Group gap="xs" wrap="nowrap">
                  {checked ? <CheckIcon size={12} aria-hidden /> : <span style={{ width: 12 }} />}
                  <span>{code}</span>
                </Group>
              </Combobox.Option>
            );
          })}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
