import { Button, Container, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';

function ScreenError() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" ta="center" data-testid="screen-error">
      <Title order={1} size="h3">
        {t('common.unknownError')}
      </Title>
      <Text c="dimmed" mt="sm">
        {t('common.screenError')}
      </Text>
      <Button mt="lg" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Container>
  );
}

/**
 * A screen that crashed or whose chunk failed to load (often: a new version was deployed)
 * shows a reload button instead of a blank page. Keyed by path in the layout, so moving
 * to another screen clears it.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ScreenError /> : this.props.children;
  }
}
