import '@mantine/core/styles/List.css';
import { Alert, Button, FileButton, Group, List, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { UploadIcon } from '../../../shared/components/icons.tsx';
import { importCard } from './card-api.ts';

/** What the studio shows after an import: the server's list of what could not be kept. */
export interface ImportedState {
  imported: { lost: string[] };
}

export const importedOf = (state: unknown): string[] | null => {
  const lost = (state as Partial<ImportedState> | null)?.imported?.lost;
  return Array.isArray(lost) ? lost.filter((l): l is string => typeof l === 'string') : null;
};

/**
 * "Import a Character Card" where characters are created: the file goes to POST /api/card;
 * the new character opens in the studio, which lists what the card lost.
 */
export function CardImport() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const onFile = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const r = await importCard(file, lang);
      if (!r.ok) {
        setError(r.error || t('book.importError'));
        return;
      }
      const state: ImportedState = { imported: { lost: r.lost } };
      void navigate(`/createdit/${encodeURIComponent(r.friendid)}`, { state });
    } catch (err) {
      setError(errorText(err) || t('book.importError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      mb="md"
      className="studio-card-import"
      data-testid="card-import"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div className="studio-card-import__text">
          <Text fw={600} size="sm">
            {t('book.importTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('book.importHint')}
          </Text>
        </div>
        <FileButton onChange={(f) => void onFile(f)} accept=".json,.png,application/json,image/png">
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<UploadIcon size={17} />}
              loading={busy}
              data-testid="card-import-button"
            >
              {t('book.importButton')}
            </Button>
          )}
        </FileButton>
      </Group>
      {error ? (
        <Alert color="red" mt="sm" p="xs" role="alert" dir="auto" data-testid="card-import-error">
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** After an import: what was kept, or the list of what was not, in the user's language. */
export function CardImportReport({ lost, onClose }: { lost: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={lost.length ? 'yellow' : 'teal'}
      radius="md"
      mb="md"
      title={t('book.importedTitle')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      data-testid="card-import-report"
    >
      {lost.length ? (
        <>
          <Text size="sm">{t('book.importedLost')}</Text>
          <List size="sm" mt={4} data-testid="card-import-lost">
            {lost.map((item) => (
              <List.Item key={item}>
                <span dir="auto">{item}</span>
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm">{t('book.importedAll')}</Text>
      )}
    </Alert>
  );
}
