import { Table, type TableProps, type TableTdProps, type TableThProps } from '@mantine/core';
import { useEffect, useRef } from 'react';
import './data-table.css';

/**
 * Marks the row's scroll box with `data-more-right` while columns are hidden to the right
 * of the action column, which then casts a shadow over them. While the box scrolls it is
 * a named region in the tab order, so the keyboard can scroll it too (a table of text only
 * has nothing else to focus).
 */
function useScrollShadow(label: string) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      box.toggleAttribute(
        'data-more-right',
        box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
      );
      keyboardScrollable(box, box.scrollWidth > box.clientWidth + 1, label);
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [label]);
  return ref;
}

function keyboardScrollable(box: HTMLElement, scrolls: boolean, label: string) {
  if (scrolls) {
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', label);
  } else {
    box.removeAttribute('tabindex');
    box.removeAttribute('role');
    box.removeAttribute('aria-label');
  }
}

export interface DataTableProps extends TableProps {
  /** The table's accessible name. */
  'aria-label': string;
  /** The narrowest the table gets before its box scrolls sideways (px). */
  minWidth?: number;
}

/**
 * Every table of the app: Mantine's Table in a box that scrolls sideways when the table is
 * wider than the screen. Its last column, the row's actions (`ActionTh`, `ActionTd`),
 * stays in view at the box's right edge, with a shadow while columns scroll under it; the
 * element of a row's primary action carries `data-primary-action`.
 */
export function DataTable({ minWidth, style, children, ...table }: DataTableProps) {
  const scrollBox = useScrollShadow(table['aria-label']);
  return (
    <div className="data-table" ref={scrollBox}>
      <Table {...table} style={minWidth ? { minWidth, ...style } : style}>
        {children}
      </Table>
    </div>
  );
}

/** The header of the row actions' column. */
export function ActionTh(props: TableThProps) {
  return <Table.Th data-action-column {...props} />;
}

/** A row's actions cell, kept in view at the table's right edge. */
export function ActionTd(props: TableTdProps) {
  return <Table.Td data-action-column {...props} />;
}
