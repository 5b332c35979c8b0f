import { useCallback, useEffect, useRef } from 'react';
import { TIMINGS } from '../../../../protocol/constants.ts';
import { call } from '../../../shared/api/client.ts';
import { dirtyFields, saveInput } from '../form.ts';
import type { StudioForm } from './use-studio-form.ts';

/**
 * Spec part 1 §4: every 20 s and when the window gets focus, each dirty field is sent alone
 * (UpdateFriendDetails); if any of those fails, one full save with `autosave: 1` follows,
 * whose errors are not shown (the user did not ask to save).
 */
export function useAutosave(form: StudioForm, enabled: boolean, onSaved: () => void) {
  const running = useRef(false);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });
  const { valuesRef, savedRef, markSaved } = form;

  const run = useCallback(async () => {
    if (running.current) return;
    const values = valuesRef.current;
    const dirty = dirtyFields(values, savedRef.current);
    if (!dirty.length || !values.friendid) return;
    running.current = true;
    try {
      let failed = false;
      for (const subject of dirty) {
        const contents = values[subject];
        try {
          const answer = await call('UpdateFriendDetails', {
            friendid: values.friendid,
            subject,
            contents,
          });
          if (answer.Error !== 0) failed = true;
          else markSaved({ [subject]: contents });
        } catch {
          failed = true;
        }
        if (failed) break;
      }
      if (!failed) {
        onSavedRef.current();
        return;
      }
      try {
        const answer = await call('SetFriendDetails', saveInput(values, { autosave: true }));
        if (answer.Error === 0) {
          markSaved(values);
          onSavedRef.current();
        }
      } catch {
        // suppressed: the next round or the save button will try again
      }
    } finally {
      running.current = false;
    }
  }, [valuesRef, savedRef, markSaved]);

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => void run(), TIMINGS.autosaveMs);
    const onFocus = () => void run();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [enabled, run]);

  return run;
}
