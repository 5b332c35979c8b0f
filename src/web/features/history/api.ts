import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../protocol/constants.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/**
 * `value`, changing at most once per `ms` (spec part 2 §5: suggestions throttled to 1 s):
 * the first change passes at once, later ones inside the window wait for its end.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(-Infinity);
  useEffect(() => {
    const wait = Math.max(0, last.current + ms - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
}

/** E-mails of users with conversations, for the suggestions (GetAllChatEmails). */
export function useGetAllChatEmails(text: string, lang: Lang, enabled: boolean) {
  const q = useThrottled(text.trim().toLowerCase(), TIMINGS.autocompleteThrottleMs);
  return useQuery({
    queryKey: queryKeys.history.emails(q),
    enabled,
    staleTime: 30_000,
    queryFn: async () => (await callOrThrow('GetAllChatEmails', { email: q, lang })).emails,
  });
}

/** The characters a user talked to (GetFriendsChatsForEmail). */
export function useGetFriendsChatsForEmail(email: string, lang: Lang, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.history.friends(email),
    enabled: enabled && /^[^@\s]+@[^@\s]+$/.test(email),
    staleTime: 30_000,
    retry: false,
    queryFn: async () => (await callOrThrow('GetFriendsChatsForEmail', { email, lang })).friends,
  });
}

/** One user's conversation with one character, every subject (GetChatHistory; audited). */
export function useGetChatHistory() {
  return useMutation({
    mutationFn: (v: { user: string; friendid: string; lang: Lang }) =>
      callOrThrow('GetChatHistory', v),
  });
}
