import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { ActionOutput } from '../../../protocol/registry.ts';

type Stat = ActionOutput<'friendstat'>;

/** day/month from YYYY-MM-DD, as the app shows dates. */
const dm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/**
 * The plots: messages per day, active users per week, token cost per day. Time runs left to
 * right in both languages (the charts sit in an LTR box), as readers of dated charts expect.
 */
export function StatsCharts({ stat }: { stat: Stat }) {
  const { t } = useTranslation();
  const perDay = stat.PerDay.map((d) => ({
    day: dm(d.day),
    [t('stats.messagesSeries')]: d.messages,
  }));
  const perWeek = stat.PerWeek.map((w) => ({
    week: dm(w.week),
    [t('stats.usersSeries')]: w.users,
  }));
  const cost = stat.CostPerDay.map((c) => ({ day: dm(c.day), [t('stats.costSeries')]: c.cost }));
  const box = (title: string, testid: string, chart: React.ReactNode, empty: boolean) => (
    <Paper withBorder radius="md" p="sm" className="stats-chart" data-testid={testid}>
      <Text fw={700} size="sm" mb="xs">
        {title}
      </Text>
      {empty ? (
        <Text c="dimmed" size="sm">
          {t('stats.noData')}
        </Text>
      ) : (
        <div dir="ltr">{chart}</div>
      )}
    </Paper>
  );
  return (
    <div className="stats-charts">
      {box(
        t('stats.perDay'),
        'chart-per-day',
        <BarChart
          h={180}
          data={perDay}
          dataKey="day"
          series={[{ name: t('stats.messagesSeries'), color: 'orange.6' }]}
          tickLine="y"
        />,
        perDay.length === 0,
      )}
      {box(
        t('stats.perWeek'),
        'chart-per-week',
        <LineChart
          h={180}
          data={perWeek}
          dataKey="week"
          series={[{ name: t('stats.usersSeries'), color: 'blue.6' }]}
          curveType="linear"
          tickLine="y"
        />,
        perWeek.length === 0,
      )}
      {box(
        t('stats.costPerDay'),
        'chart-cost',
        <BarChart
          h={180}
          data={cost}
          dataKey="day"
          series={[{ name: t('stats.costSeries'), color: 'teal.6' }]}
          valueFormatter={(v) => `$${v.toFixed(4)}`}
          tickLine="y"
        />,
        cost.length === 0,
      )}
    </div>
  );
}
