import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { changedFields, dirtyFields, type FormField, type FriendForm } from '../form.ts';

/**
 * The studio's values and the last values the server has. Dirty and unsaved are derived
 * from the two, so a save that races with typing never marks newer text as saved.
 */
export function useStudioForm(initial: FriendForm, existsInitially: boolean) {
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [exists, setExists] = useState(existsInitially);
  // Timers and window events read the latest values without being re-registered.
  const valuesRef = useRef(values);
  const savedRef = useRef(saved);
  useEffect(() => {
    valuesRef.current = values;
    savedRef.current = saved;
  });

  const set = useCallback(<K extends FormField>(field: K, value: FriendForm[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
  }, []);

  /** The server now has these values. */
  const markSaved = useCallback((patch: Partial<FriendForm>) => {
    setSaved((prev) => {
      const next = { ...prev, ...patch };
      savedRef.current = next;
      return next;
    });
  }, []);

  const dirty = useMemo(() => dirtyFields(values, saved), [values, saved]);
  const unsaved = useMemo(() => changedFields(values, saved).length > 0, [values, saved]);

  return { values, saved, set, markSaved, exists, setExists, dirty, unsaved, valuesRef, savedRef };
}

export type StudioForm = ReturnType<typeof useStudioForm>;
