import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { DATE_DISPLAY_FORMAT, INVALID_DATE, parseTypedDate } from './date-parsing.ts';

export interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'onChange' | 'dateParser' | 'valueFormat'
> {
  /** YYYY-MM-DD or null. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** The shared date picker: shows DD MMM YYYY, takes typed DDMMYYYY digits. */
export function DateField({ value, onChange, error, onBlur, ...props }: DateFieldProps) {
  const [invalid, setInvalid] = useState(false);
  return (
    <DateInput
      {...props}
      value={value}
      valueFormat={DATE_DISPLAY_FORMAT}
      dateParser={(text) => parseTypedDate(text)}
      onChange={(next) => {
        setInvalid(false);
        onChange(next);
      }}
      onBlur={(event) => {
        const text = event.currentTarget.value;
        setInvalid(text.trim() !== '' && parseTypedDate(text) === null);
        onBlur?.(event);
      }}
      error={invalid ? INVALID_DATE : error}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear date' }}
    />
  );
}
