import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Button, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useParams } from 'react-router';
import { CharacterImage } from '../../shared/components/character-image.tsx';
import { AlertIcon } from '../../shared/components/icons.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { formatTime } from '../../shared/i18n/format-time.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useAnalyzeFriendStats, useFriendStat } from './api.ts';
import { safeHtml } from './safe-html.ts';
import { StatsCharts } from './stats-charts.tsx';
import './stats.css';

function List({ title, items, testid }: { title: string; items: string[]; testid: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testid}>
      <Text fw={700} mt="sm">
        {title}
      </Text>
      {items.length ? (
        <ul className="stats-list">
          {/* The list keeps the page's direction; each item's text takes its own. */}
          {items.map((x) => (
            <li key={x}>
              <span dir="auto" className="stats-list__text">
                {x}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm" c="dimmed">
          {t('stats.noneFound')}
        </Text>
      )}
    </div>
  );
}

/**
 * /stat/:friendid (spec part 2 §2 Analytics screen): counts and plots at once, the cached
 * analysis below, recomputed on demand. An error shows the server's message.
 */
export default function StatsScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const { friendid = '' } = useParams<{ friendid: string }>();
  const stat = useFriendStat(friendid, lang);
  const analyzeNow = useAnalyzeFriendStats(friendid, lang);
  usePageTitle(t('stats.title', { name: stat.data?.FriendName ?? '' }));

  if (stat.isPending) return <PageLoader />;
  if (stat.isError)
    return (
      <Alert color="red" m="md" icon={<AlertIcon size={18} />} data-testid="stats-error">
        {errorText(stat.error)}
      </Alert>
    );
  const s = stat.data;
  const a = s.Analysis;
  const pending = s.AnalysisState === 'pending' || analyzeNow.isPending;
  return (
    <div className="stats" data-testid="stats-screen">
      <header className="stats__head">
        <CharacterImage src={s.Image} name={s.FriendName} className="stats__image" />
        <Title order={1} size="h3" dir="auto">
          {t('stats.title', { name: s.FriendName })}
        </Title>
      </header>
      <SimpleGrid cols={{ base: 3 }} spacing="sm" className="stats__counts">
        {(
          [
            ['conversations', s.Conversations],
            ['messages', s.TotalMessages],
            ['users', s.TotalUsers],
          ] as const
        ).map(([k, n]) => (
          <Paper key={k} withBorder radius="md" p="sm" ta="center" data-testid={`count-${k}`}>
            <Text size="xl" fw={800}>
              {n.toLocaleString(lang === 'he' ? 'he-IL' : 'en-US')}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`stats.${k}`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {s.UsersHidden ? (
        <Text size="sm" c="dimmed" data-testid="users-hidden">
          {t('stats.usersHidden')}
        </Text>
      ) : s.Users.length ? (
        <Text size="sm" dir="ltr" className="stats__users" data-testid="users-list">
          {s.Users.join(', ')}
        </Text>
      ) : null}
      <StatsCharts stat={s} />
      <Paper withBorder radius="md" p="md" className="stats__analysis" data-testid="analysis">
        <div className="stats__analysis-head">
          <Title order={2} size="h4">
            {t('stats.analysis')}
          </Title>
          <Button
            size="xs"
            variant="light"
            loading={pending}
            onClick={() => analyzeNow.mutate()}
            data-testid="analyze"
          >
            {t('stats.analyze')}
          </Button>
        </div>
        {analyzeNow.isError ? (
          <Alert color="red" mt="sm" icon={<AlertIcon size={18} />}>
            {errorText(analyzeNow.error)}
          </Alert>
        ) : null}
        {pending ? (
          <Text size="sm" c="dimmed" mt="sm" data-testid="analysis-pending">
            {t('stats.analyzing')}
          </Text>
        ) : null}
        {s.AnalysisState === 'none' ? (
          <Text size="sm" c="dimmed" mt="sm">
            {t('stats.notYet')}
          </Text>
        ) : null}
        {s.AnalysisState === 'offline' ? (
          <Text size="sm" c="orange" mt="sm" data-testid="analysis-offline">
            {t('stats.offlineNote')}
          </Text>
        ) : null}
        {s.AnalysisState === 'failed' && !pending ? (
          <Alert
            color="red"
            mt="sm"
            icon={<AlertIcon size={18} />}
            data-testid="analysis-failed"
            role="alert"
          >
            <Text size="sm">{t('stats.failed')}</Text>
            <Button
              size="xs"
              mt="xs"
              variant="filled"
              color="red"
              onClick={() => analyzeNow.mutate()}
              data-testid="analysis-retry"
            >
              {t('stats.retry')}
            </Button>
          </Alert>
        ) : null}
        {s.AnalysisState === 'ready' ? (
          <>
            <Text size="xs" c="dimmed" mt="xs">
              {t('stats.analyzedAt', { tm: formatTime(s.AnalyzedAt), n: s.AnalyzedMessages })}
            </Text>
            <Text fw={700} mt="sm">
              {t('stats.summary')}
            </Text>
            <div
              className="stats__summary"
              dir="auto"
              data-testid="analysis-summary"
              dangerouslySetInnerHTML={{ __html: safeHtml(a.summery) }}
            />
            <List title={t('stats.topics')} items={a.MainTopics} testid="analysis-topics" />
            <List title={t('stats.tone')} items={a.EmotionalTone} testid="analysis-tone" />
            <List
              title={t('stats.inconsistencies')}
              items={a.Inconsitensies}
              testid="analysis-inconsistencies"
            />
          </>
        ) : null}
      </Paper>
    </div>
  );
}
