import { Select, type SelectProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import './cell-select.css';

export interface CellSelectProps extends Omit<SelectProps, 'size' | 'w' | 'data'> {
  /** The accessible name, naming the row ('Status of 001'). */
  'aria-label': string;
  data: readonly string[];
}

/**
 * A picker inside a table cell: as wide as its value, so the whole value shows ('Consult
 * Out', 'Consultation Room 1'), up to a limit; a longer value ends in an ellipsis and offers
 * the whole of it as the input's title (tooltip and accessible description).
 */
export function CellSelect({ data, value, ...props }: CellSelectProps) {
  const input = useRef<HTMLInputElement>(null);
  const longest = Math.max(0, ...data.map((option) => option.length));
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    const cut = element.scrollWidth > element.clientWidth;
    if (cut) element.title = element.value;
    else element.removeAttribute('title');
  });
  return (
    <Select
      ref={input}
      size="xs"
      data={data as string[]}
      value={value}
      classNames={{ root: 'cell-select', input: 'cell-select-input' }}
      style={{ '--cell-select-chars': longest }}
      // Options as wide as they need, even when the input is narrower.
      comboboxProps={{ width: 'max-content', position: 'bottom-start' }}
      {...props}
    />
  );
}
