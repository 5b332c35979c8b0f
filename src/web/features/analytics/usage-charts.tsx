import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { ActionOutput } from '../../../protocol/registry.ts';

type Usage = ActionOutput<'GetUsageStats'>;

/** day/month from YYYY-MM-DD, as the app shows dates. */
const dm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/**
 * Daily active users, and the product events per day. Time runs left to right in both
 * languages (an LTR box), as on the character statistics page.
 */
export function UsageCharts({ usage }: { usage: Usage }) {
  const { t } = useTranslation();
  const active = t('usage.activeSeries');
  const events = ['message_sent', 'image_created', 'sign_in'] as const;
  const perDay = usage.perDay.map((d) => ({
    day: dm(d.day),
    [active]: d.active,
    ...Object.fromEntries(events.map((e) => [t(`usage.${e}`), d[e]])),
  }));
  return (
    <div className="usage-charts">
      <Paper withBorder radius="md" p="sm" data-testid="usage-chart-active">
        <Text fw={700} size="sm" mb="xs">
          {t('usage.activeChart')}
        </Text>
        <div dir="ltr">
          <BarChart
            h={200}
            data={perDay}
            dataKey="day"
            series={[{ name: active, color: 'blue.6' }]}
            tickLine="y"
            yAxisProps={{ allowDecimals: false }}
          />
        </div>
      </Paper>
      <Paper withBorder radius="md" p="sm" data-testid="usage-chart-events">
        <Text fw={700} size="sm" mb="xs">
          {t('usage.eventsChart')}
        </Text>
        <div dir="ltr">
          <LineChart
            h={200}
            data={perDay}
            dataKey="day"
            series={[
              { name: t('usage.message_sent'), color: 'orange.6' },
              { name: t('usage.image_created'), color: 'teal.6' },
              { name: t('usage.sign_in'), color: 'grape.6' },
            ]}
            curveType="linear"
            tickLine="y"
            withLegend
            yAxisProps={{ allowDecimals: false }}
          />
        </div>
      </Paper>
    </div>
  );
}
