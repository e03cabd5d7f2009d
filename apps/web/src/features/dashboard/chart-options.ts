import {
  chartAxisMaxCents,
  chartLabelRotation,
  type PaymentMethodAmountItem,
} from '@clinic/domain';

/** The payment chart's axes (doc 1 section 2.10): max 1.2 x the largest, labels turned past 8. */
export function paymentChartAxes(items: readonly PaymentMethodAmountItem[]) {
  const rotation = chartLabelRotation(items.length);
  return {
    yMaxCents: chartAxisMaxCents(items.map((item) => item.amount)),
    xAxis:
      rotation === 0
        ? { interval: 0 as const }
        : { interval: 0 as const, angle: -rotation, textAnchor: 'end' as const, height: 70 },
  };
}
