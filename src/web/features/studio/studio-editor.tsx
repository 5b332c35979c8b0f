import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../shared/components/confirm-dialog.tsx';
import { AlertIcon } from '../../shared/components/icons.tsx';
import { useLeaveGuard } from '../../shared/hooks/use-leave-guard.ts';
import { isolate } from '../../shared/i18n/language.ts';
import { editorChatPath, openEditorPopup } from '../../shared/navigation/editor-popup.ts';
import { useAllowAdd } from '../../shared/session/use-allow-add.ts';
import { useGlobalPriv } from '../../shared/session/use-global-priv.ts';
import { HelpButton } from '../../shared/help/help-dialog.tsx';
import { DetailsColumn } from './details/details-column.tsx';
import { FilesDialog } from '../../shared/files/files-dialog.tsx';
import type { FriendForm } from './form.ts';
import { useAutosave } from './hooks/use-autosave.ts';
import { useIdCheck } from './hooks/use-id-check.ts';
import { useSaveFriend } from './hooks/use-save-friend.ts';
import { useStudioForm } from './hooks/use-studio-form.ts';
import { useStudioMessages } from './hooks/use-studio-messages.ts';
import { KnowledgeDialog } from '../../shared/knowledge/knowledge-dialog.tsx';
import { BackgroundColumn } from './persona/background-column.tsx';
import { PersonaColumn } from './persona/persona-column.tsx';
import { StudioToolbar } from './studio-toolbar.tsx';
import { BookPanel } from './book/book-panel.tsx';
import { BookDraft } from './book-draft/book-draft-panel.tsx';
import { CardPanel } from './card/card-panel.tsx';

type Dialog = 'files' | 'knowledge' | 'delete' | null;

/** The three columns, the toolbar and the dialogs, around one character's form. */
export function StudioEditor({
  initial,
  exists,
  owner,
  justSaved = false,
  book,
}: {
  initial: FriendForm;
  exists: boolean;
  /** May delete the character and change who it is shared with. */
  owner: boolean;
  /** Arrived here right after the first save: show 'saved'. */
  justSaved?: boolean;
  /** Open the draft from this book beside the form (after "New character from a book"). */
  book?: number;
}) {
  const { t } = useTranslation();
  const form = useStudioForm(initial, exists);
  const navigate = useNavigate();
  const globalPriv = useGlobalPriv().data === true;
  // The editor character is for those who may create characters (spec part 1 §2, main screen).
  const canAdd = useAllowAdd().data?.canadd === true;
  const idStatus = useIdCheck(form.values.friendid, form.exists);
  const messages = useStudioMessages();
  const { showSaved } = messages;
  const actions = useSaveFriend(form, idStatus, messages);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [leave, setLeave] = useState<(() => void) | null>(null);

  useAutosave(form, form.exists, showSaved);
  useEffect(() => {
    if (justSaved) showSaved();
  }, [justSaved, showSaved]);

  const noCategory = form.exists && form.values.category === 0;
  // No category is a reminder (part 1 §4) asked in the app, with its reason; the browser's
  // own question on reload or close ("changes may not be saved") only when something is.
  useLeaveGuard(form.unsaved || noCategory, (go) => setLeave(() => go), form.unsaved);

  // Personality, first message and background wait for a unique id (spec part 1 §4).
  const locked = !form.exists && idStatus !== 'unique';
  const name = form.values.friendname.trim();

  /** A popup beside the studio; blocked, the editor's chat opens here (asking first if unsaved). */
  const openEditor = () => {
    const id = form.values.friendid;
    if (openEditorPopup(id)) return;
    const go = () => navigate(editorChatPath(id));
    if (form.unsaved || noCategory) setLeave(() => go);
    else go();
  };
  const title = form.exists
    ? t('studio.titleEdit', { name: isolate(name || form.values.friendid) })
    : t('studio.titleNew');

  return (
    <div className="studio">
      <StudioToolbar
        title={title}
        exists={form.exists}
        canDelete={form.exists && owner}
        saved={messages.saved}
        saving={actions.saving}
        onSave={() => void actions.save()}
        onFiles={() => setDialog('files')}
        onKnowledge={() => setDialog('knowledge')}
        onEditorChat={form.exists && canAdd ? openEditor : undefined}
        onDelete={() => setDialog('delete')}
      />
      {messages.error ? (
        <Alert
          color="red"
          radius="md"
          icon={<AlertIcon size={18} />}
          className="studio-error"
          role="alert"
          data-testid="studio-error"
        >
          {messages.error}
        </Alert>
      ) : null}
      {/* A disabled fieldset disables every field in it at once. */}
      <BookDraft form={form} book={book}>
        <fieldset
          className="studio-columns"
          disabled={actions.reopening}
          aria-busy={actions.reopening || undefined}
        >
          <DetailsColumn form={form} idStatus={idStatus} globalPriv={globalPriv} owner={owner} />
          <PersonaColumn form={form} locked={locked} globalPriv={globalPriv} />
          <BackgroundColumn form={form} locked={locked} />
        </fieldset>
      </BookDraft>
      {form.exists ? <BookPanel friendid={form.values.friendid} /> : null}
      <CardPanel form={form} />

      {form.exists ? (
        <>
          <FilesDialog
            opened={dialog === 'files'}
            onClose={() => setDialog(null)}
            friendid={form.values.friendid}
            friendname={name}
            friendtype={form.values.friendtype}
          />
          <KnowledgeDialog
            opened={dialog === 'knowledge'}
            onClose={() => setDialog(null)}
            friendid={form.values.friendid}
            friendname={name}
          />
        </>
      ) : null}
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('studio.delete.title')}
        danger
        loading={actions.deleting}
        confirmLabel={t('studio.delete.confirm')}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          void actions.remove().then((ok) => {
            if (!ok) setDialog(null);
          })
        }
      >
        <span className="studio-confirm__text">
          {t('studio.delete.text', { name: isolate(name || form.values.friendid) })}
          <HelpButton topic="delete" />
        </span>
      </ConfirmDialog>
      <ConfirmDialog
        opened={leave !== null}
        title={t('studio.leave.title')}
        confirmLabel={t('studio.leave.confirm')}
        cancelLabel={t('studio.leave.stay')}
        onCancel={() => setLeave(null)}
        onConfirm={() => {
          const go = leave;
          setLeave(null);
          go?.();
        }}
      >
        {form.unsaved ? t('studio.leave.unsaved') : t('studio.leave.noCategory')}
      </ConfirmDialog>
    </div>
  );
}
