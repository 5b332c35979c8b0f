import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { useNavigate } from 'react-router';
import { useActionMutation } from '../../../shared/api/use-action.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';
import { seedSavedFriend } from '../api.ts';
import { saveInput, tooLongField, validate } from '../form.ts';
import type { IdStatus } from './use-id-check.ts';
import type { StudioForm } from './use-studio-form.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** The save button (SetFriendDetails, `insert: 1` the first time) and delete (DeleteFriend). */
export function useSaveFriend(
  form: StudioForm,
  idStatus: IdStatus,
  messages: { fail: (text: string) => void; showSaved: () => void },
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const email = useStored('email');
  // After the first save the saved character opens at /createdit/<id> as a new screen. The
  // router renders it in a transition, so this form stays on screen (for seconds on a slow
  // device) and typing into it would be lost when it goes: it takes no input meanwhile.
  const [reopening, setReopening] = useState(false);
  const { fail, showSaved } = messages;
  // A refusal is told as the server words it, a lost connection as 'communication error'.
  const saveFriend = useActionMutation('SetFriendDetails', { onFailure: fail });
  const deleteFriend = useActionMutation('DeleteFriend', {
    onFailure: fail,
    onSuccess: async (_, { friendid }) => {
      void qc.invalidateQueries({ queryKey: queryKeys.friends.all() });
      qc.removeQueries({ queryKey: queryKeys.studio.friend(email, friendid) });
      qc.removeQueries({ queryKey: queryKeys.studio.priv(email, friendid) });
      await navigate('/main', { replace: true });
    },
  });

  const idProblem = (): string | null => {
    if (form.exists) return null;
    if (idStatus === 'taken') return t('studio.id.taken');
    if (idStatus === 'takenNoPerm') return t('studio.id.takenNoPerm');
    if (idStatus === 'short') return t('studio.id.short');
    if (idStatus !== 'unique') return t('studio.id.notChecked');
    return null;
  };

  const save = async () => {
    const values = form.values;
    const problem = validate(values);
    const long = tooLongField(values);
    const message = long
      ? t('studio.validation.tooLong', {
          field: t(`studio.fields.${long.label}`),
          max: long.max.toLocaleString(),
          count: long.count.toLocaleString(),
        })
      : problem
        ? t(`studio.validation.${problem}`)
        : idProblem();
    if (message) {
      fail(message);
      return;
    }
    const insert = !form.exists;
    // A failure has been told (onFailure).
    const answer = await saveFriend.mutateAsync(saveInput(values, { insert })).catch(() => null);
    if (!answer) return;
    form.markSaved(values);
    if (!values.description && answer.description) {
      form.set('description', answer.description);
      form.markSaved({ description: answer.description });
    }
    void qc.invalidateQueries({ queryKey: queryKeys.friends.all() });
    showSaved();
    if (insert) {
      setReopening(true);
      form.setExists(true);
      seedSavedFriend(
        qc,
        email,
        { ...values, description: values.description || answer.description },
        answer.lastupdate,
      );
      // A reload now opens the saved character.
      await navigate(`/createdit/${values.friendid}`, { replace: true, state: { saved: true } });
    }
  };

  /** True once the character is gone (and the screen on its way to /main). */
  const remove = (): Promise<boolean> =>
    deleteFriend.mutateAsync({ friendid: form.values.friendid }).then(
      () => true,
      () => false,
    );

  return {
    save,
    // Until the saved character's own screen replaces this one.
    saving: saveFriend.isPending || reopening,
    reopening,
    remove,
    deleting: deleteFriend.isPending,
  };
}
