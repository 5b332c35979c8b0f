import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '../shared/i18n/i18n.ts';
import { useMemo, type ReactNode } from 'react';
import { NetworkError } from '../shared/api/errors.ts';
import { dirOf } from '../shared/i18n/language.ts';
import { I18nProvider, useTranslation } from '../shared/i18n/use-translation.tsx';
import { DirectionSync } from './direction-sync.tsx';
import { cssVariablesResolver, localizedTheme } from './theme.ts';

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

/**
 * Mantine with our theme, in the page's language: the theme carries the words Mantine's own
 * controls need (every dialog's close button is named there, once, for every Modal).
 */
function ThemedMantine({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const { t } = useTranslation();
  const themed = useMemo(() => localizedTheme(t), [t]);
  return (
    <MantineProvider
      theme={themed}
      env={env}
      deduplicateCssVariables={false}
      cssVariablesResolver={cssVariablesResolver}
    >
      {children}
    </MantineProvider>
  );
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
          <ThemedMantine env={env ?? 'default'}>
            <DirectionSync />
            {children}
          </ThemedMantine>
        </DirectionProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
