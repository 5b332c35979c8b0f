import { Text, Title } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { parseIntro } from './intro.ts';
import { useIntro } from './use-intro.ts';

/** The landing text in the current language. */
export function IntroText() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const intro = useIntro();
  if (intro.isPending) return <PageLoader />;
  if (intro.isError) return <Text c="dimmed">{t('home.introError')}</Text>;
  const blocks = parseIntro(intro.data, lang);
  return (
    <div className="intro" data-testid="home-intro">
      {blocks.map((b, i) =>
        b.kind === 'title' ? (
          <Title key={i} order={i === 0 ? 1 : 2} className="intro__title" dir="auto">
            {b.text}
          </Title>
        ) : (
          <Text key={i} className="intro__paragraph" size="lg" dir="auto">
            {b.text}
          </Text>
        ),
      )}
    </div>
  );
}
