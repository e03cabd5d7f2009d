import { MantineProvider, Table } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActionTd, ActionTh, DataTable } from './DataTable.tsx';

function showTable() {
  render(
    <MantineProvider env="test">
      <DataTable aria-label="Visits" striped minWidth={900}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <ActionTh>Action</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {['Daniel Goh', 'Grace Ho'].map((name) => (
            <Table.Tr key={name}>
              <Table.Td>{name}</Table.Td>
              <ActionTd>
                <button type="button" data-primary-action>
                  Open {name}
                </button>
              </ActionTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
    </MantineProvider>,
  );
  const table = screen.getByRole('table', { name: 'Visits' });
  return { table, box: table.parentElement! };
}

/** Gives the scroll box the sizes a browser would measure (jsdom has no layout). */
function measure(box: HTMLElement, sizes: { scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(box, 'scrollWidth', { value: sizes.scrollWidth, configurable: true });
  Object.defineProperty(box, 'clientWidth', { value: sizes.clientWidth, configurable: true });
}

describe('DataTable', () => {
  it('keeps the action column, the last one, as the sticky column of every row', () => {
    const { table } = showTable();
    const header = within(table).getByRole('columnheader', { name: 'Action' });
    expect(header).toHaveAttribute('data-action-column');
    expect(header.parentElement!.lastElementChild).toBe(header);
    for (const name of ['Daniel Goh', 'Grace Ho']) {
      const button = within(table).getByRole('button', { name: `Open ${name}` });
      const cell = button.closest('td')!;
      expect(cell).toHaveAttribute('data-action-column');
      expect(cell.parentElement!.lastElementChild).toBe(cell);
      expect(button).toHaveAttribute('data-primary-action');
    }
    expect(table).toHaveStyle({ minWidth: '900px' });
  });

  it('casts the scroll shadow while columns lie to the right of the view', () => {
    const { box } = showTable();
    expect(box).not.toHaveAttribute('data-more-right');
    measure(box, { scrollWidth: 1200, clientWidth: 700 });
    fireEvent.scroll(box);
    expect(box).toHaveAttribute('data-more-right');
    box.scrollLeft = 500;
    fireEvent.scroll(box);
    expect(box).not.toHaveAttribute('data-more-right');
  });
});
