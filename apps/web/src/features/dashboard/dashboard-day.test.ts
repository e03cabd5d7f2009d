import { describe, expect, it } from 'vitest';
import { paymentChartAxes } from './chart-options.ts';
import { money, notAfterToday } from './dashboard-day.ts';

const methods = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    paymentMethod: `M${index}`,
    amount: (index + 1) * 1000,
    count: 1,
  }));

describe("the dashboard's days, money and chart axes", () => {
  it('takes today for a future or cleared date', () => {
    expect(notAfterToday('2026-11-28', '2026-11-27')).toBe('2026-11-27');
    expect(notAfterToday(null, '2026-11-27')).toBe('2026-11-27');
    expect(notAfterToday('2026-11-20', '2026-11-27')).toBe('2026-11-20');
  });

  it('shows cents with 2 decimals', () => {
    expect(money(0)).toBe('0.00');
    expect(money(123_405)).toBe('1234.05');
  });

  it('tops the axis at 1.2 x the largest amount', () => {
    expect(paymentChartAxes(methods(3)).yMaxCents).toBe(3600);
    expect(paymentChartAxes([]).yMaxCents).toBe(0);
  });

  it('turns the labels 30 degrees past 8 methods only', () => {
    expect(paymentChartAxes(methods(8)).xAxis).toEqual({ interval: 0 });
    expect(paymentChartAxes(methods(9)).xAxis).toMatchObject({ angle: -30, textAnchor: 'end' });
  });
});
