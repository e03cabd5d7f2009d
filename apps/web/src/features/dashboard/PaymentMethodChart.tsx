import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { PaymentMethodAmountItem } from '@clinic/domain';
import { useTranslation } from 'react-i18next';
import '../../i18n/dashboard/index.ts';
import { paymentChartAxes } from './chart-options.ts';
import { money } from './dashboard-day.ts';

/**
 * The day's payments by method as bars (amounts in cents, shown in dollars). Its own chunk:
 * @mantine/charts and recharts load with the dashboard's chart only.
 */
export function PaymentMethodChart({ items }: { items: readonly PaymentMethodAmountItem[] }) {
  const { t } = useTranslation();
  const axes = paymentChartAxes(items);
  return (
    <BarChart
      h={380}
      // An image to assistive technology, named with the figures it draws.
      role="img"
      aria-label={[
        t('dashboard.payments.title'),
        ...items.map((item) => `${item.paymentMethod} ${money(item.amount)}`),
      ].join(', ')}
      data={items.map((item) => ({ method: item.paymentMethod, amount: item.amount }))}
      dataKey="method"
      series={[{ name: 'amount', label: t('dashboard.payments.amount'), color: 'teal.6' }]}
      valueFormatter={(value) => money(Math.round(value))}
      yAxisProps={{ domain: [0, axes.yMaxCents], width: 80 }}
      xAxisProps={axes.xAxis}
    />
  );
}
