import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useAppConfig } from '../../shared/api/config.ts';

export function Footer() {
  const { t } = useTranslation();
  const config = useAppConfig();
  return (
    <footer className="app-footer">
      <span>
        {t('shell.poweredBy')} {t('app.name')}
      </span>
      {config.data ? (
        <span className="app-footer__version" dir="ltr" data-testid="app-version">
          {config.data.version}
        </span>
      ) : null}
    </footer>
  );
}
