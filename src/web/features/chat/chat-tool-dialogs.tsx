import { Priv } from '../../../protocol/constants.ts';
import { lazy, Suspense } from 'react';
import { HelpProvider } from '../../shared/help/help-dialog.tsx';
import type { FriendInfo } from './chat-types.ts';

// Loaded when first opened: most readers never open them.
const KnowledgeDialog = lazy(() =>
  import('../../shared/knowledge/knowledge-dialog.tsx').then((m) => ({
    default: m.KnowledgeDialog,
  })),
);
const FilesDialog = lazy(() =>
  import('../../shared/files/files-dialog.tsx').then((m) => ({ default: m.FilesDialog })),
);

export type ToolDialog = 'knowledge' | 'files';

/**
 * The toolbar's knowledge and files dialogs (spec part 2 §2, §6), with their '?' help.
 * A reader who is not an editor (a helper's files) gets `personal`: the server keeps those
 * files to the reader's own conversations with the character.
 */
export function ChatToolDialogs({
  open,
  onClose,
  friendid,
  info,
}: {
  open: ToolDialog | null;
  onClose: () => void;
  friendid: string;
  info: FriendInfo;
}) {
  if (!open) return null;
  return (
    <HelpProvider>
      <Suspense fallback={null}>
        {open === 'knowledge' ? (
          <KnowledgeDialog
            opened
            onClose={onClose}
            friendid={friendid}
            friendname={info.friendname}
          />
        ) : (
          <FilesDialog
            opened
            onClose={onClose}
            friendid={friendid}
            friendname={info.friendname}
            friendtype={info.friendtype}
            personal={info.priv !== Priv.edit}
          />
        )}
      </Suspense>
    </HelpProvider>
  );
}
