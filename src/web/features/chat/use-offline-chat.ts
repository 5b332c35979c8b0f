import { useCallback, useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { saveOfflineCopy } from '../../shared/offline/offline-copy.ts';
import { useOnline } from '../../shared/offline/use-online.ts';
import type { ConversationPage } from './use-conversation.ts';

/**
 * The chat offline (issue 15): the conversation's offline copy follows what is shown (after
 * each answer, not while one streams), and a message sent while offline is not taken, so it
 * stays in the input with a note saying why.
 */
export function useOfflineChat(o: {
  friendid: string;
  subject: string | null;
  /** The newest page as shown; undefined while loading or showing another subject's. */
  newest: ConversationPage | undefined;
  busy: boolean;
  send: (text: string, img?: string | null) => Promise<boolean>;
  refuse: (why: string) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const { friendid, subject, newest, busy, send, refuse } = o;

  useEffect(() => {
    if (busy || !newest || !online) return;
    void saveOfflineCopy(
      'RetrieveConversation',
      { friendid, ...(subject ? { subject } : {}) },
      { Error: 0, ...newest },
    );
  }, [busy, newest, online, friendid, subject]);

  const guardedSend = useCallback(
    async (text: string, img?: string | null) => {
      // navigator.onLine false is certain; true may still fail, and then the send says so.
      if (!navigator.onLine) {
        refuse(t('offlineChat.sendLater'));
        return false;
      }
      return send(text, img);
    },
    [send, refuse, t],
  );
  return { online, send: guardedSend };
}
