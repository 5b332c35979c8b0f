import './app/mantine-styles.ts';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initialLanguage, lookupLanguage } from './app/language.ts';
import { startServiceWorker } from './features/pwa/register-sw.ts';
import { createQueryClient } from './app/providers.tsx';
import { loadConfig } from './shared/api/config.ts';
import { createPageI18n } from './shared/i18n/i18n.ts';

const search = window.location.search;
// Only the active language's texts are fetched; the first frame waits for them (no raw keys).
const i18nReady = createPageI18n(initialLanguage(search));
const queryClient = createQueryClient();

// Early: the configuration also sets the XSRF cookie every POST needs.
void loadConfig().catch(() => undefined);
startServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void i18nReady.then((i18n) => {
  void lookupLanguage(search, i18n);
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} />
    </StrictMode>,
  );
});
