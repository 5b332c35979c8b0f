import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Calls `lookup` at most once per `ms` (spec part 1 §5: e-mail autocomplete, 1 s). The first
 * request goes at once; requests inside the window are folded into one call with the latest
 * text when the window ends. Answers to older texts are dropped.
 */
export function useThrottledLookup<T>(
  lookup: (text: string) => Promise<T[]>,
  ms: number,
): [T[], (text: string) => void] {
  const [results, setResults] = useState<T[]>([]);
  const last = useRef(-Infinity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const latest = useRef('');
  const lookupRef = useRef(lookup);
  useEffect(() => {
    lookupRef.current = lookup;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const fire = useCallback(() => {
    const text = pending.current;
    pending.current = null;
    timer.current = undefined;
    if (text === null) return;
    last.current = Date.now();
    lookupRef
      .current(text)
      .then((found) => {
        if (text === latest.current) setResults(found);
      })
      .catch(() => undefined);
  }, []);

  const request = useCallback(
    (text: string) => {
      latest.current = text;
      pending.current = text;
      if (timer.current !== undefined) return;
      const wait = last.current + ms - Date.now();
      if (wait <= 0) fire();
      else timer.current = setTimeout(fire, wait);
    },
    [ms, fire],
  );

  return [results, request];
}
