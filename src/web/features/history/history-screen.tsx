import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { Alert, Autocomplete, Button, Select, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useParams } from 'react-router';
import { BREAKPOINTS, UserType } from '../../../protocol/constants.ts';
import { CharacterImage } from '../../shared/components/character-image.tsx';
import { AlertIcon } from '../../shared/components/icons.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { formatTime } from '../../shared/i18n/format-time.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { useGetAllChatEmails, useGetChatHistory, useGetFriendsChatsForEmail } from './api.ts';
import { MessageMarkdown } from '../../shared/components/message-markdown.tsx';
import './history.css';

/**
 * /chathistory and /chathistory/:friendid/:user (spec part 2 §2 History viewer): admins
 * pick a user (suggested from those with conversations) and one of their characters, and
 * read every subject of that conversation. The server records each viewing.
 */
export default function HistoryScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  usePageTitle(t('history.title'));
  const params = useParams<{ friendid?: string; user?: string }>();
  const usertype = useStored('usertype');
  const admin = usertype === UserType.admin;
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINTS.otherDesktop}px)`, true);
  const [email, setEmail] = useState(params.user ?? '');
  const [friendid, setFriendid] = useState<string | null>(params.friendid ?? null);
  const emails = useGetAllChatEmails(email, lang, admin);
  const friends = useGetFriendsChatsForEmail(email.trim().toLowerCase(), lang, admin);
  const history = useGetChatHistory();

  const show = (user = email, id = friendid) => {
    if (!user.trim() || !id) return;
    history.mutate(
      { user: user.trim(), friendid: id, lang },
      // Spec part 2 §8: on an error the chosen user is cleared too.
      { onError: () => setEmail('') },
    );
  };
  // The route form opens straight on that user and character.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !admin || !params.user || !params.friendid) return;
    opened.current = true;
    history.mutate({ user: params.user, friendid: params.friendid, lang });
  }, [admin, params.user, params.friendid, history, lang]);

  if (!admin)
    return (
      <Alert color="red" m="md" icon={<AlertIcon size={18} />} data-testid="history-no-right">
        {t('history.noRight')}
      </Alert>
    );

  const data = history.data;
  const friendOptions = (friends.data ?? []).map((f) => ({
    value: f.friendid,
    label: f.friendname,
  }));
  if (friendid && !friendOptions.some((o) => o.value === friendid))
    friendOptions.push({ value: friendid, label: friendid });

  return (
    <div className={`history ${desktop ? 'history--desktop' : 'history--mobile'}`}>
      <div className="history__form">
        <Title order={1} size="h3">
          {t('history.title')}
        </Title>
        <Autocomplete
          label={t('history.email')}
          placeholder={t('history.emailPlaceholder')}
          value={email}
          onChange={(v) => {
            setEmail(v);
            setFriendid(null);
          }}
          data={emails.data ?? []}
          dir="ltr"
          data-testid="history-email"
        />
        <Select
          label={t('history.friend')}
          placeholder={t('history.friendPlaceholder')}
          data={friendOptions}
          value={friendid}
          onChange={setFriendid}
          nothingFoundMessage={t('history.noFriends')}
          data-testid="history-friend"
        />
        {friends.isSuccess && friends.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('history.noFriends')}
          </Text>
        ) : null}
        <Button
          onClick={() => show()}
          disabled={!email.trim() || !friendid}
          loading={history.isPending}
          data-testid="history-show"
        >
          {t('history.show')}
        </Button>
        {data ? (
          <div className="history__character">
            <CharacterImage src={data.image} name={data.friendname} className="history__image" />
            <Text fw={700} dir="auto">
              {data.friendname}
            </Text>
            <Text size="sm" c="dimmed" dir="ltr">
              {data.user}
            </Text>
          </div>
        ) : null}
      </div>
      <div className="history__conversation" data-testid="history-conversation">
        {history.isError ? (
          <Alert color="red" icon={<AlertIcon size={18} />} data-testid="history-error">
            {errorText(history.error)}
          </Alert>
        ) : null}
        {data ? (
          <>
            <Text size="xs" c="dimmed" mb="xs">
              {t('history.readOnly')}
            </Text>
            {data.subjects.every((s) => s.chat.length === 0) ? (
              <Text c="dimmed">{t('history.empty')}</Text>
            ) : null}
            {data.subjects.map((s) => (
              <section key={s.subject} className="history__subject">
                <Title order={2} size="h5" dir="auto">
                  {t('history.subject', { name: s.subject })}
                </Title>
                {s.chat.map((m) => (
                  <div key={m.id} className={`history-msg history-msg--${m.role}`}>
                    <Text size="xs" c="dimmed">
                      <b dir="auto">{m.speaker}</b> · {formatTime(m.tm)}
                      {m.model ? ` · ${m.model}` : ''}
                    </Text>
                    {/* As the chat shows it: Markdown, each block in its own direction. */}
                    <div className="history-msg__text">
                      <MessageMarkdown text={m.message} role={m.role} />
                    </div>
                  </div>
                ))}
              </section>
            ))}
          </>
        ) : null}
      </div>
    </div>
  );
}
