import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { createI18n } from './i18n.ts';
import type { Lang } from '../shared/i18n/language.ts';

/** Shows where the router went, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  const error = (location.state as { error?: string } | null)?.error;
  return (
    <div data-testid="location" data-error={error}>
      {location.pathname}
    </div>
  );
}

/**
 * Renders `ui` at `route` (matched by `path`) inside the app's providers. Any other path
 * renders a probe with the current pathname (and any `state.error`), so tests can see
 * where a screen navigated.
 */
export function renderScreen(
  ui: ReactElement,
  {
    route = '/',
    path = '/',
    lang = 'he',
  }: { route?: string | { pathname: string; state: unknown }; path?: string; lang?: Lang } = {},
) {
  const i18n = createI18n(lang);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, i18n, queryClient };
}

/** The app's providers around a router of the test's own routes, starting at `route`. */
export function renderRoutes(
  routes: ReactNode,
  { route = '/', lang = 'en' }: { route?: string; lang?: Lang } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders i18n={createI18n(lang)} queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[route]}>{routes}</MemoryRouter>
    </AppProviders>,
  );
}

/** The app's providers as a `wrapper` for renderHook, with the query client used. */
export function providersWrapper(lang: Lang = 'en') {
  const i18n = createI18n(lang);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders i18n={i18n} queryClient={queryClient} env="test">
      {children}
    </AppProviders>
  );
  return { wrapper, queryClient, i18n };
}
