import '@mantine/core/styles/Switch.css';
import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { useErrorText } from '../../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { IdCardIcon, ImageIcon } from '../../../shared/components/icons.tsx';
import { exportCard, saveFile, type ExportFormat } from './card-api.ts';
import { useCitations, useSetCitations } from './use-citations.ts';

const EXPORTS: { key: string; label: 'exportV3' | 'exportV2' | 'exportPng'; as: ExportFormat }[] = [
  { key: 'v3', label: 'exportV3', as: { format: 'json', spec: 'v3' } },
  { key: 'v2', label: 'exportV2', as: { format: 'json', spec: 'v2' } },
  { key: 'png', label: 'exportPng', as: { format: 'png', spec: 'v3' } },
];

/**
 * The studio's book settings for a character its editor has saved (issue 18): whether
 * answers cite their passages, and the Character Card export.
 */
export function BookPanel({ friendid }: { friendid: string }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const citations = useCitations(friendid);
  const setCitations = useSetCitations(friendid);
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState('');

  const onExport = async (key: string, as: ExportFormat) => {
    setExporting(key);
    setExportError('');
    try {
      const r = await exportCard(friendid, as, lang);
      if (r.ok) saveFile(r.blob, r.filename);
      else setExportError(r.error || t('book.exportError'));
    } catch (err) {
      setExportError(errorText(err) || t('book.exportError'));
    } finally {
      setExporting(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" mt="md" className="studio-book" data-testid="studio-book">
      <Title order={2} size="h4" mb="sm">
        {t('book.panelTitle')}
      </Title>
      <Stack gap="md">
        <div>
          <Switch
            label={t('reading.citations')}
            description={t('reading.citationsHint')}
            checked={citations.data ?? true}
            disabled={citations.isPending || setCitations.isPending}
            onChange={(e) => setCitations.mutate(e.currentTarget.checked)}
            data-testid="studio-citations"
          />
          {citations.isError || setCitations.isError ? (
            <Text size="sm" c="red" mt={4} role="alert" data-testid="studio-citations-error">
              {errorText(citations.error ?? setCitations.error) || t('reading.citationsError')}
            </Text>
          ) : null}
        </div>
        <div>
          <Text fw={600} size="sm">
            {t('book.cardTitle')}
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {t('book.cardHint')}
          </Text>
          <Group gap="xs">
            {EXPORTS.map((e) => (
              <Button
                key={e.key}
                variant="default"
                size="xs"
                leftSection={
                  e.as.format === 'png' ? <ImageIcon size={16} /> : <IdCardIcon size={16} />
                }
                loading={exporting === e.key}
                disabled={exporting !== null && exporting !== e.key}
                onClick={() => void onExport(e.key, e.as)}
                data-testid={`studio-export-${e.key}`}
              >
                {t(`book.${e.label}`)}
              </Button>
            ))}
          </Group>
          {exportError ? (
            <Alert
              color="red"
              mt="xs"
              p="xs"
              role="alert"
              dir="auto"
              data-testid="studio-export-error"
            >
              {exportError}
            </Alert>
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
}
