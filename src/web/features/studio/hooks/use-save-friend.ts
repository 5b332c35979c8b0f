import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../shared/api/client.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';
import { seedSavedFriend } from '../api.ts';
import { saveInput, validate } from '../form.ts';
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
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // After the first save the saved character opens at /createdit/<id> as a new screen. The
  // router renders it in a transition, so this form stays on screen (for seconds on a slow
  // device) and typing into it would be lost when it goes: it takes no input meanwhile.
  const [reopening, setReopening] = useState(false);
  const { fail, showSaved } = messages;

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
    const message = problem ? t(`studio.validation.${problem}`) : idProblem();
    if (message) {
      fail(message);
      return;
    }
    const insert = !form.exists;
    setSaving(true);
    try {
      const answer = await call('SetFriendDetails', saveInput(values, { insert }));
      if (answer.Error !== 0) {
        fail(answer.Errstr || t('common.unknownError'));
        return;
      }
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
    } catch {
      fail(t('common.communicationError'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (): Promise<boolean> => {
    setDeleting(true);
    try {
      const answer = await call('DeleteFriend', { friendid: form.values.friendid });
      if (answer.Error !== 0) {
        fail(answer.Errstr || t('common.unknownError'));
        return false;
      }
      void qc.invalidateQueries({ queryKey: queryKeys.friends.all() });
      qc.removeQueries({ queryKey: queryKeys.studio.friend(email, form.values.friendid) });
      qc.removeQueries({ queryKey: queryKeys.studio.priv(email, form.values.friendid) });
      await navigate('/main', { replace: true });
      return true;
    } catch {
      fail(t('common.communicationError'));
      return false;
    } finally {
      setDeleting(false);
    }
  };

  return { save, saving, reopening, remove, deleting };
}
