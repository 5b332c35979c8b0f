import { Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';

/** The centred card the sign-in screens share. */
export function LoginCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size={480} px="md" py="xl">
      <Paper className="login-card" radius="lg" p="xl" withBorder shadow="sm">
        <img
          src="/logo.svg"
          alt={t('shell.logoAlt')}
          className="login-card__logo"
          width={72}
          height={72}
        />
        <Title order={1} size="h2" ta="center" mb="lg">
          {t('login.title')}
        </Title>
        {children}
      </Paper>
    </Container>
  );
}
