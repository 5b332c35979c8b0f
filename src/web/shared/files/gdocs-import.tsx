import { Alert, Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { LinkIcon } from '../components/icons.tsx';
import { autoDir } from '../i18n/auto-dir.ts';
import { HelpButton } from '../help/help-dialog.tsx';
import { useGdocsImport } from './use-gdocs-import.ts';

const TONE = { done: 'teal', failed: 'red' } as const;

/** Import a Google Docs document into the character's knowledge. */
export function GdocsImport({
  friendid,
  onImported,
}: {
  friendid: string;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [subject, setSubject] = useState('');
  const { state, start } = useGdocsImport(friendid, onImported);
  const running = ['authorizing', 'waiting', 'reading'].includes(state.phase);
  return (
    <section className="files-dialog__section" aria-labelledby="gdocs-title">
      <Group gap={4} mb="xs">
        <Text id="gdocs-title" fw={600} size="sm">
          {t('gdocs.title')}
        </Text>
        <HelpButton topic="gdocs" />
      </Group>
      <form
        noValidate
        className="files-dialog__gdocs"
        onSubmit={(e) => {
          e.preventDefault();
          void start(url, subject);
        }}
      >
        <TextInput
          aria-label={t('gdocs.link')}
          placeholder={t('gdocs.linkPlaceholder')}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          type="url"
          dir="ltr"
          leftSection={<LinkIcon size={16} />}
          className="files-dialog__gdocs-url"
          data-testid="gdocs-url"
        />
        <TextInput
          ref={autoDir}
          aria-label={t('gdocs.subject')}
          placeholder={t('gdocs.subject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          maxLength={300}
          data-testid="gdocs-subject"
        />
        <Button type="submit" loading={running} data-testid="gdocs-import">
          {t('gdocs.import')}
        </Button>
      </form>
      {state.note ? (
        <Alert color="gray" mt="xs" p="xs" data-testid="gdocs-note">
          {state.note}
        </Alert>
      ) : null}
      {state.message ? (
        <Text
          size="sm"
          mt="xs"
          c={state.phase in TONE ? `${TONE[state.phase as keyof typeof TONE]}.8` : 'dimmed'}
          role={state.phase === 'failed' ? 'alert' : 'status'}
          data-testid="gdocs-message"
          data-phase={state.phase}
        >
          {state.message}{' '}
          {state.authUrl ? (
            <Anchor href={state.authUrl} target="_blank" rel="noopener noreferrer" size="sm">
              {t('gdocs.openAuth')}
            </Anchor>
          ) : null}
        </Text>
      ) : null}
    </section>
  );
}
