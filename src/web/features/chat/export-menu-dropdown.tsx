import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { ExportButton } from './export-menu.tsx';
import { download, exportFileName, loadSubject, toJson, toMarkdown } from './subject-export.ts';

/** The export menu itself (export-menu.tsx loads it on the first click, already open). */
export default function ExportMenuDropdown({
  friendid,
  subject,
  onError,
}: {
  friendid: string;
  subject: string;
  onError: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (kind: 'md' | 'json') => {
    setBusy(true);
    try {
      const e = await loadSubject(friendid, subject);
      const day = new Date().toISOString().slice(0, 10);
      if (kind === 'md')
        download(exportFileName(e, 'md', day), toMarkdown(e), 'text/markdown;charset=utf-8');
      else download(exportFileName(e, 'json', day), toJson(e), 'application/json');
    } catch {
      onError(t('common.communicationError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-start" withinPortal defaultOpened>
      <Menu.Target>
        <ExportButton loading={busy} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('md')} data-testid="chat-export-md">
          {t('chatx.exportMd')}
        </Menu.Item>
        <Menu.Item onClick={() => void run('json')} data-testid="chat-export-json">
          {t('chatx.exportJson')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
