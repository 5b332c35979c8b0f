import '@mantine/core/styles/SegmentedControl.css';
import { Alert, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { UsageEvents } from '../../../protocol/usage.ts';
import { ErrorCode } from '../../../protocol/errors.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { AlertIcon } from '../../shared/components/icons.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useGetUsageStats } from './api.ts';
import { UsageCharts } from './usage-charts.tsx';
import './usage.css';

const PERIODS = [7, 30, 90] as const;

/**
 * /usage (ours, issue 15): the usage analytics `npm run admin -- usage` prints — the main
 * counts, daily active users and events per day as plots, the most viewed screens. The
 * server answers admins only; anyone else sees its refusal.
 */
export default function UsageScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const [days, setDays] = useState<number>(30);
  const usage = useGetUsageStats(days, lang);
  usePageTitle(t('usage.title'));
  const number = (n: number) => n.toLocaleString(lang === 'he' ? 'he-IL' : 'en-US');
  const u = usage.data;
  const nothing = u && u.maxActive === 0 && UsageEvents.every((e) => u.totals[e] === 0);

  return (
    <div className="usage" data-testid="usage-screen">
      <header className="usage__head">
        <Title order={1} size="h3">
          {t('usage.title')}
        </Title>
        <SegmentedControl
          aria-label={t('usage.period')}
          value={String(days)}
          onChange={(v) => setDays(Number(v))}
          data={PERIODS.map((n) => ({ value: String(n), label: t('usage.days', { n }) }))}
          data-testid="usage-period"
        />
      </header>
      <Text size="sm" c="dimmed">
        {t('usage.intro')}
      </Text>
      {usage.isPending ? (
        <PageLoader />
      ) : usage.isError ? (
        <Alert color="red" icon={<AlertIcon size={18} />} data-testid="usage-error">
          {usage.error instanceof ApiError && usage.error.code === ErrorCode.FORBIDDEN
            ? t('usage.adminsOnly')
            : errorText(usage.error)}
        </Alert>
      ) : (
        <>
          <Text size="sm" data-testid="usage-range">
            <bdi>{t('usage.range', { from: u!.from, to: u!.to })}</bdi>
          </Text>
          <div className="usage__counts">
            {UsageEvents.map((e) => (
              <Paper key={e} withBorder radius="md" p="sm" ta="center" data-testid={`usage-${e}`}>
                <Text size="xl" fw={800}>
                  {number(u!.totals[e])}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`usage.${e}`)}
                </Text>
              </Paper>
            ))}
            <Paper withBorder radius="md" p="sm" ta="center" data-testid="usage-max-active">
              <Text size="xl" fw={800}>
                {number(u!.maxActive)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('usage.maxActive')}
              </Text>
            </Paper>
          </div>
          {nothing ? (
            <Text c="dimmed" data-testid="usage-empty">
              {t('usage.empty')}
            </Text>
          ) : (
            <UsageCharts usage={u!} />
          )}
          {u!.pages.length ? (
            <Paper withBorder radius="md" p="sm" data-testid="usage-pages">
              <Text fw={700} size="sm" mb="xs">
                {t('usage.pages')}
              </Text>
              <ul className="usage__pages">
                {u!.pages.map((p) => (
                  <li key={p.path}>
                    <span className="usage__path">{p.path}</span>
                    <span>{t('usage.pageViews', { n: number(p.views) })}</span>
                  </li>
                ))}
              </ul>
            </Paper>
          ) : null}
        </>
      )}
    </div>
  );
}
