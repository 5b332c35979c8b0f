import type { QueryClient } from '@tanstack/react-query';
import type { I18n } from '../shared/i18n/i18n.ts';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
