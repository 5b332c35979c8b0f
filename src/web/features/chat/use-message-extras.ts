import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { MessageExtras } from './message-tools.tsx';
import type { useAskFriend } from './use-ask-friend.ts';
import type { Message } from './use-conversation.ts';

type Confirm = (message: string, options?: { danger?: boolean }) => Promise<boolean>;

/**
 * The message tools' actions, stable across renders (the list's items are memoised): stop,
 * regenerate the last answer, switch alternatives, and edit with a confirm when later turns
 * would be replaced.
 */
export function useMessageExtras(
  ask: ReturnType<typeof useAskFriend>,
  messages: Message[],
  confirm: Confirm,
): MessageExtras {
  const { t } = useTranslation();
  const latest = useRef({ ask, messages, confirm, t });
  useEffect(() => {
    latest.current = { ask, messages, confirm, t };
  });
  const lastId = messages.at(-1)?.id ?? null;
  return useMemo(
    () => ({
      lastId,
      onRegenerate: (m) => void latest.current.ask.regenerate(m.id),
      onChoose: (id) => void latest.current.ask.choose(id),
      onEdit: async (m, text) => {
        const { ask: a, messages: ms, confirm: c, t: tr } = latest.current;
        const later = ms.some((x) => x.id > m.id);
        if (later && !(await c(tr('chatx.editConfirm'), { danger: true }))) return false;
        return a.edit(m.id, text);
      },
      onStop: () => latest.current.ask.stop(),
    }),
    [lastId],
  );
}
