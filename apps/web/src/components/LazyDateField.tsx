import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './DateField.tsx';
import { formatDisplayDate } from './date-parsing.ts';

// The date picker (@mantine/dates, about 10 kB compressed) for fields shown as a page
// opens, such as the queue's day: until its chunk is there, the same field shows the
// date read-only.
const DateField = lazy(async () => ({ default: (await import('./DateField.tsx')).DateField }));

/** DateField, loaded after the page has rendered. */
export function LazyDateField(props: DateFieldProps) {
  return (
    <Suspense
      fallback={
        <TextInput
          readOnly
          value={formatDisplayDate(props.value)}
          label={props.label}
          aria-label={props['aria-label']}
          w={props.w}
        />
      }
    >
      <DateField {...props} />
    </Suspense>
  );
}
