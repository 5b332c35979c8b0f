import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/List.css';
import './help.css';
import { ActionIcon, Alert, List, Modal, Text } from '@mantine/core';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { HelpIcon } from '../components/icons.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useLanguage } from '../i18n/use-language.ts';
import { helpSection, type HelpTopic } from './help.ts';
import { useHelpText } from './use-help-text.ts';

const OpenHelp = createContext<(topic: HelpTopic) => void>(() => {});

/** Owns the one help dialog of a screen (studio, chat); '?' buttons below it open a topic. */
export function HelpProvider({ children }: { children: ReactNode }) {
  const [topic, setTopic] = useState<HelpTopic | null>(null);
  return (
    <OpenHelp value={setTopic}>
      {children}
      <HelpDialog topic={topic} onClose={() => setTopic(null)} />
    </OpenHelp>
  );
}

export function HelpButton({ topic }: { topic: HelpTopic }) {
  const { t } = useTranslation();
  const open = useContext(OpenHelp);
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      radius="xl"
      aria-label={t('help.button')}
      title={t('help.button')}
      onClick={() => open(topic)}
      data-testid="help-button"
      data-topic={topic}
    >
      <HelpIcon size={16} />
    </ActionIcon>
  );
}

/** The section of /help.txt for the topic, in the UI language. */
function HelpDialog({ topic, onClose }: { topic: HelpTopic | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const help = useHelpText(topic !== null);
  const section = topic && help.data ? helpSection(help.data, topic, lang) : null;
  return (
    <Modal
      opened={topic !== null}
      onClose={onClose}
      title={section?.title ?? t('help.title')}
      size="lg"
      radius="lg"
      // On the dialog itself: a closed modal leaves an empty root in the page.
      attributes={{ content: { 'data-testid': 'help-dialog' } }}
    >
      {help.isPending ? <PageLoader /> : null}
      {help.isError || (help.data && !section) ? (
        <Alert color="gray">{t('help.missing')}</Alert>
      ) : null}
      {section?.blocks.map((b, i) =>
        b.kind === 'paragraph' ? (
          <Text key={i} mb="sm" dir="auto" className="help-dialog__text">
            {withLtrPaths(b.text)}
          </Text>
        ) : (
          <List key={i} mb="sm" spacing={4} className="help-dialog__list">
            {b.items.map((item, j) => (
              <List.Item key={j}>{withLtrPaths(item)}</List.Item>
            ))}
          </List>
        ),
      )}
    </Modal>
  );
}

/** Addresses like /chat/sherlock keep their order inside a Hebrew sentence. */
function withLtrPaths(text: string): ReactNode[] {
  return text.split(/((?:https?:\/\/|\/)[A-Za-z0-9/_.:-]+)/).map((part, i) =>
    i % 2 ? (
      <bdi key={i} dir="ltr">
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}
