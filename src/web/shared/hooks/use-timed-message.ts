import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself `ms` after it was last shown (login errors: 7 s). */
export function useTimedMessage(ms: number): [string, (text: string) => void, () => void] {
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setText('');
  }, []);

  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setText(next);
      if (next) timer.current = setTimeout(() => setText(''), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [text, show, clear];
}
