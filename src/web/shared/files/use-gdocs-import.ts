import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { TIMINGS } from '../../../protocol/constants.ts';
import { ErrorCode } from '../../../protocol/errors.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { useStored } from '../storage/use-stored.ts';
import { googleDocs } from '../api/endpoints.ts';

/** Shortest text that can be a document link (spec part 1 §5). */
export const GDOCS_MIN_LINK = 10;

export type GdocsPhase = 'idle' | 'authorizing' | 'waiting' | 'reading' | 'done' | 'failed';

export interface GdocsState {
  phase: GdocsPhase;
  message: string;
  /** The server's explanation when Google is not configured (a public link still imports). */
  note: string;
  /** Shown when the browser blocked the new tab. */
  authUrl: string;
}

const IDLE: GdocsState = { phase: 'idle', message: '', note: '', authUrl: '' };

/**
 * Spec part 1 §4 'Online document import': create_auth_url → the authorization page in a
 * new tab → check_auth every 4 s, at most 10 times → read_doc into a knowledge subject.
 */
export function useGdocsImport(friendid: string, onImported: () => void) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const email = useStored('email') ?? '';
  const [state, setState] = useState<GdocsState>(IDLE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  const onImportedRef = useRef(onImported);
  useEffect(() => {
    onImportedRef.current = onImported;
  });
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const update = useCallback((patch: Partial<GdocsState>) => {
    if (alive.current) setState((s) => ({ ...s, ...patch }));
  }, []);
  const fail = useCallback((message: string) => update({ phase: 'failed', message }), [update]);

  const start = useCallback(
    async (docUrl: string, subject: string) => {
      const url = docUrl.trim();
      clearTimeout(timer.current);
      if (url.length < GDOCS_MIN_LINK) {
        setState({ ...IDLE, phase: 'failed', message: t('gdocs.badLink') });
        return;
      }
      setState({ ...IDLE, phase: 'authorizing' });

      const read = async () => {
        update({ phase: 'reading', message: '' });
        try {
          const a = await googleDocs('read_doc', {
            email,
            friend: friendid,
            subject: subject.trim(),
            doc_url: url,
            lang,
          });
          if (a.Error === 0) {
            update({ phase: 'done', message: t('gdocs.success') });
            onImportedRef.current();
          } else {
            // The server's words already start with 'error reading the document' and say why.
            fail(a.Errstr || t('gdocs.readError'));
          }
        } catch {
          fail(t('gdocs.readNetworkError'));
        }
      };

      const poll = (attempt: number) => {
        timer.current = setTimeout(() => {
          void (async () => {
            try {
              const a = await googleDocs('check_auth', { email, lang });
              if (!alive.current) return;
              if (a.Error === 0 && a.authorized === 1) {
                await read();
                return;
              }
            } catch {
              fail(t('common.communicationError'));
              return;
            }
            if (attempt >= TIMINGS.docPollMax) fail(t('gdocs.authFailed'));
            else poll(attempt + 1);
          })();
        }, TIMINGS.docPollMs);
      };

      let auth;
      try {
        auth = await googleDocs('create_auth_url', { email, lang });
      } catch {
        fail(t('common.communicationError'));
        return;
      }
      if (auth.Error === ErrorCode.NOT_CONFIGURED) {
        update({ note: auth.Errstr ?? '' });
        await read();
        return;
      }
      if (auth.Error !== 0) {
        fail(auth.Errstr || t('common.unknownError'));
        return;
      }
      // Connected on an earlier import: no new tab needed.
      let already = !auth.auth_url;
      if (!already) {
        try {
          const check = await googleDocs('check_auth', { email, lang });
          already = check.Error === 0 && check.authorized === 1;
        } catch {
          // the polling below asks again
        }
      }
      if (already) {
        await read();
        return;
      }
      const tab = window.open(auth.auth_url ?? '', '_blank');
      if (tab) tab.opener = null;
      update({
        phase: 'waiting',
        message: t('gdocs.waiting'),
        authUrl: tab ? '' : (auth.auth_url ?? ''),
      });
      poll(1);
    },
    [email, friendid, lang, t, update, fail],
  );

  return { state, start };
}
