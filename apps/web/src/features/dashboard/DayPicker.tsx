import { LazyDateField } from '../../components/LazyDateField.tsx';
import { notAfterToday } from './dashboard-day.ts';

/** A clinic day, today or earlier; clearing it goes back to today. */
export function DayPicker({
  label,
  value,
  today,
  onChange,
}: {
  label: string;
  value: string;
  today: string;
  onChange: (date: string) => void;
}) {
  return (
    <LazyDateField
      aria-label={label}
      value={value}
      maxDate={today}
      onChange={(next) => onChange(notAfterToday(next, today))}
      w={150}
    />
  );
}
