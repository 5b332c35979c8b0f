import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '../shared/i18n/i18n.ts';
import type { ReactNode } from 'react';
import { NetworkError } from '../shared/api/errors.ts';
import { dirOf } from '../shared/i18n/language.ts';
import { I18nProvider } from '../shared/i18n/use-translation.tsx';
import { DirectionSync } from './direction-sync.tsx';
import { theme } from './theme.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal from the server will not change by asking again; a dropped connection may.
        retry: (failures, error) => error instanceof NetworkError && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

/** Everything a screen needs around it: texts, server state, theme and direction. */
export function AppProviders({
  i18n,
  queryClient,
  env,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DirectionProvider initialDirection={dirOf(i18n.language)} detectDirection={false}>
          <MantineProvider theme={theme} env={env ?? 'default'} deduplicateCssVariables={false}>
            <DirectionSync />
            {children}
          </MantineProvider>
        </DirectionProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
