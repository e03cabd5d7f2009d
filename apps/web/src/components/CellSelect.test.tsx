import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CellSelect } from './CellSelect.tsx';

const ROOMS = ['Consultation Room 1', 'Treatment Room'];

function showPicker(value: string) {
  render(
    <MantineProvider env="test">
      <CellSelect aria-label="Room of queue 001" data={ROOMS} value={value} onChange={() => {}} />
    </MantineProvider>,
  );
  return screen.getByRole('combobox', { name: 'Room of queue 001' });
}

describe('CellSelect', () => {
  it('holds the whole value, with no title while it fits', () => {
    const picker = showPicker('Consultation Room 1');
    expect(picker).toHaveValue('Consultation Room 1');
    expect(picker).not.toHaveAttribute('title');
  });

  it('offers a value cut by its width as the title', () => {
    // jsdom measures nothing: a value wider than its box is given its browser sizes.
    Object.defineProperty(HTMLInputElement.prototype, 'scrollWidth', {
      configurable: true,
      get(this: HTMLInputElement) {
        return this.value.length * 7;
      },
    });
    Object.defineProperty(HTMLInputElement.prototype, 'clientWidth', {
      configurable: true,
      value: 100,
    });
    try {
      expect(showPicker('Consultation Room 1')).toHaveAttribute('title', 'Consultation Room 1');
    } finally {
      delete (HTMLInputElement.prototype as { scrollWidth?: number }).scrollWidth;
      delete (HTMLInputElement.prototype as { clientWidth?: number }).clientWidth;
    }
  });
});
