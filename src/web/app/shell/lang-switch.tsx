import { Button } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { LANGS } from '../../../protocol/constants.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';

/** he / en; the choice is stored and the page flips direction at once. */
export function LangSwitch() {
  const { t } = useTranslation();
  const { lang, setLang } = useLanguage();
  return (
    <Button.Group aria-label={t('lang.label')} data-testid="lang-switch">
      {LANGS.map((l) => (
        <Button
          key={l}
          size="compact-sm"
          variant={l === lang ? 'filled' : 'default'}
          aria-pressed={l === lang}
          lang={l}
          onClick={() => setLang(l)}
          data-testid={`lang-${l}`}
        >
          {t(`lang.${l}`)}
        </Button>
      ))}
    </Button.Group>
  );
}
