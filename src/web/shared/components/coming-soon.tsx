import { Button, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../hooks/page-title.ts';

/** Placeholder for screens of later issues. */
export function ComingSoon() {
  const { t } = useTranslation();
  usePageTitle(t('comingSoon.title'));
  return (
    <Paper className="coming-soon" p="xl" radius="lg" withBorder data-testid="coming-soon">
      <Title order={2}>{t('comingSoon.title')}</Title>
      <Text mt="sm" c="dimmed">
        {t('comingSoon.text')}
      </Text>
      <Button component={Link} to="/main" mt="lg" variant="light">
        {t('comingSoon.back')}
      </Button>
    </Paper>
  );
}

export default ComingSoon;
