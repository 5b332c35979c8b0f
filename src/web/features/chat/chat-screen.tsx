import './chat.css';
import './messages.css';
import './chat-search.css';
import { ActionIcon, Alert, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useNavigate, useParams } from 'react-router';
import { EDITOR_FRIEND_ID, friendTypeTraits } from '../../../protocol/constants.ts';
import { ErrorCode } from '../../../protocol/errors.ts';
import { call } from '../../shared/api/client.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { SKIP_TARGETS, SkipLink } from '../../shared/a11y/skip-link.tsx';
import { CharacterImage } from '../../shared/components/character-image.tsx';
import { useConfirm } from '../../shared/components/confirm-dialog.tsx';
import { MenuIcon, SearchIcon } from '../../shared/components/icons.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { LinkedText } from '../../shared/components/linked-text.tsx';
import { isolate } from '../../shared/i18n/language.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { storage } from '../../shared/storage/storage.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { ChatPanel } from './chat-panel.tsx';
import type { ToolDialog } from './chat-tool-dialogs.tsx';
import type { ChatMode } from './chat-types.ts';
import { EditingBanner } from './editing-banner.tsx';
import { InputBar } from './input-bar.tsx';
import { MessageList } from './message-list.tsx';
import { SubjectLabel } from './subject-label.tsx';
import { useAskFriend, type ChatAnswer } from './use-ask-friend.ts';
import { useMessageExtras } from './use-message-extras.ts';
import { useOfflineChat } from './use-offline-chat.ts';
import { useChatSession } from './use-chat-session.ts';
import { useConversation, useConversationCache, type Message } from './use-conversation.ts';
import type { DetailsMode } from './use-details.ts';
import { sameName, useSubjects } from './use-subjects.ts';
import { MicButton } from './voice/mic-button.tsx';
import { useVoiceChatController } from './voice/use-voice-chat.tsx';
import { VoiceBar } from './voice/voice-bar.tsx';
import { queryKeys } from '../../shared/api/query-keys.ts';

// Dialogs load when first opened: the chat's first paint does not need them (nor Mantine's Modal).
const DetailsDialog = lazy(() =>
  import('./details-dialog.tsx').then((m) => ({ default: m.DetailsDialog })),
);
const CanvasDialog = lazy(() =>
  import('./canvas-dialog.tsx').then((m) => ({ default: m.CanvasDialog })),
);
const SearchDialog = lazy(() =>
  import('./search-dialog.tsx').then((m) => ({ default: m.SearchDialog })),
);
const ChatToolDialogs = lazy(() =>
  import('./chat-tool-dialogs.tsx').then((m) => ({ default: m.ChatToolDialogs })),
);

/**
 * The chat with one character (spec part 2 §2 "Chat screen"): /chat/:friendid[/:detailsfor],
 * /minchat/:friendid[/:detailsfor[/:inputq]] and the editor's popup /chat/sharoneditor/:friendid
 * (the character being edited is its detailsfor).
 */
export function ChatScreen({ mode = 'chat' }: { mode?: ChatMode }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const params = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const username = useStored('fullname') ?? '';
  const friendid = mode === 'editor' ? EDITOR_FRIEND_ID : (params.friendid ?? '');
  const detailsfor = mode === 'editor' ? params.friendid : params.detailsfor;

  const session = useChatSession(friendid, { detailsfor, remember: mode === 'chat' });
  const { subject, setSubject } = session;
  const conv = useConversation(friendid, subject, lang, session.ready);
  const cache = useConversationCache(friendid, subject);
  const info = conv.data?.pages[0];
  const noPermission = conv.error instanceof ApiError && conv.error.code === ErrorCode.FORBIDDEN;
  const subjects = useSubjects(friendid, lang, !!info && !noPermission);
  const [confirmDialog, confirm] = useConfirm();
  const [panelOpen, setPanelOpen] = useState(false);
  const [details, setDetails] = useState<DetailsMode | null>(null);
  const [canvasOpen, setCanvasOpen] = useState(false);
  const [tool, setTool] = useState<ToolDialog | null>(null);
  const [actionError, setActionError] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  // The dialog unmounts as it closes, before Mantine could return focus: the opener takes it.
  const searchButton = useRef<HTMLButtonElement>(null);
  const closeSearch = () => {
    setSearchOpen(false);
    searchButton.current?.focus();
  };
  /** A search hit to bring into view once its subject is shown. */
  const [jump, setJump] = useState<number | null>(null);
  /** What to say when the jump's message is not in the conversation (a memory fact's source). */
  const jumpMissing = useRef('');
  usePageTitle(info?.friendname ?? '');

  // The server settled on a subject (the most recent one, or the stored name's spelling).
  const served = conv.isPlaceholderData ? undefined : info?.subject;
  useEffect(() => {
    if (!served || (subject !== null && (served === subject || !sameName(served, subject)))) return;
    cache.moveTo(served);
    setSubject(served);
  }, [served, subject, cache, setSubject]);
  /**
   * A question can go: the conversation is shown and its subject settled (a question sent
   * before the subject was set would stream its answer into the unnamed subject's cache,
   * which the answer above then leaves behind).
   */
  const ready = !!info && !conv.isPlaceholderData && (subject !== null || !served);

  // A stored subject that no longer exists (deleted in another tab): the first one instead.
  const list = subjects.data;
  useEffect(() => {
    if (!list?.length || subjects.isFetching || subject === null) return;
    if (!list.some((s) => sameName(s, subject))) setSubject(list[0]!);
  }, [list, subjects.isFetching, subject, setSubject]);

  const onAnswer = useCallback(
    (a: ChatAnswer) => {
      const m = a.markers;
      if (!m) return;
      if (m.detailsfor) storage.set('detailsfor', m.detailsfor);
      if (m.newSubject) {
        void qc.invalidateQueries({ queryKey: queryKeys.chat.subjects(friendid) });
        setSubject(m.newSubject);
      } else if (m.renameSubject && a.subject && subject !== a.subject) {
        cache.moveTo(a.subject);
        setSubject(a.subject);
        void qc.invalidateQueries({ queryKey: queryKeys.chat.subjects(friendid) });
      }
      if (m.navigateTo) navigate(`/chat/${m.navigateTo}`);
    },
    [qc, friendid, subject, cache, setSubject, navigate],
  );

  const ask = useAskFriend({
    friendid,
    subject,
    lang,
    friendname: info?.friendname ?? '',
    username,
    messages: conv.messages,
    enabled: ready,
    onAnswer,
  });

  /** Rewind and reset: ask, do, then load the conversation again. */
  const act = useCallback(
    async (question: string, work: () => Promise<{ Error: number; Errstr?: string }>) => {
      if (!(await confirm(question, { danger: true }))) return;
      setActionError('');
      try {
        const a = await work();
        if (a.Error !== 0) setActionError(a.Errstr || t('common.unknownError'));
      } catch {
        setActionError(t('common.communicationError'));
      }
      await cache.reload();
    },
    [confirm, cache, t],
  );
  const onRewind = useCallback(
    (m: Message) =>
      void act(t('chat.rewindConfirm'), () =>
        call('RewindConversation', { friendid, id: m.id, ...(subject ? { subject } : {}) }),
      ),
    [act, t, friendid, subject],
  );
  const onReset = () =>
    void act(t('chat.resetConfirm'), () =>
      call('ResetConversation', { friendid, ...(subject ? { subject } : {}) }),
    );
  const onRetry = useCallback((m: Message) => void ask.retry(m.id), [ask]);
  const extras = useMessageExtras(ask, conv.messages, confirm);
  // /minchat/:friendid/:detailsfor/:inputq asks once: a reload of the address must not ask again.
  const { detailsfor: routeDetails, inputq } = params;
  const onInputqSent = useCallback(() => {
    if (!inputq || !routeDetails) return;
    const path = `/minchat/${encodeURIComponent(friendid)}/${encodeURIComponent(routeDetails)}`;
    void navigate(path, { replace: true });
  }, [inputq, routeDetails, friendid, navigate]);

  const onRenamed = (from: string, to: string) => {
    if (subject && sameName(subject, from)) {
      cache.moveTo(to);
      setSubject(to);
    }
  };

  const offline = useOfflineChat({
    friendid,
    subject,
    newest: conv.isPlaceholderData ? undefined : info,
    busy: ask.busy,
    send: ask.send,
    refuse: setActionError,
  });
  const onJumped = useCallback(
    (found: boolean) => {
      setJump(null);
      if (!found) setActionError(jumpMissing.current || t('chatSearch.notLoaded'));
      jumpMissing.current = '';
    },
    [t],
  );

  useVoiceChatController({ friendid, info, lang, messages: conv.messages, send: ask.send });
  const error = ask.error || actionError;
  const canvas = info && friendTypeTraits(info.friendtype).canvas && subject;
  const style = info?.image ? ({ '--chat-bg': `url("${info.image}")` } as CSSProperties) : {};

  return (
    <div className={`chat-screen chat-screen--${mode}`} style={style} data-testid="chat-screen">
      {info ? (
        <ChatPanel
          open={panelOpen}
          onClose={() => setPanelOpen(false)}
          friendid={friendid}
          info={info}
          mode={mode}
          busy={ask.busy}
          subjects={subjects.data}
          subject={subject}
          forced={session.forced}
          onSelectSubject={(name) => setSubject(name || null)}
          onRenamedSubject={onRenamed}
          onReset={() => {
            setPanelOpen(false);
            onReset();
          }}
          onDetails={(mode) => {
            setPanelOpen(false);
            setDetails(mode);
          }}
          onKnowledge={() => {
            setPanelOpen(false);
            setTool('knowledge');
          }}
          onFiles={() => {
            setPanelOpen(false);
            setTool('files');
          }}
        />
      ) : null}
      {panelOpen ? (
        <div className="chat-backdrop" onClick={() => setPanelOpen(false)} aria-hidden="true" />
      ) : null}
      <section className="chat-main">
        <header className="chat-main__head">
          {info ? (
            <ActionIcon
              className="chat-main__menu"
              variant="subtle"
              size="lg"
              onClick={() => setPanelOpen(true)}
              aria-label={t('chat.openPanel')}
              title={t('chat.openPanel')}
              data-testid="chat-panel-open"
            >
              <MenuIcon />
            </ActionIcon>
          ) : null}
          {info ? (
            <span className="chat-main__friend" data-testid="chat-head-friend">
              <CharacterImage
                src={info.image}
                name={info.friendname}
                className="chat-main__avatar"
              />
              {/* The screen's one heading: a route change brings focus here (issue 38). */}
              <Text component="h1" fz="md" m={0} fw={700} dir="auto" truncate="end">
                {info.friendname}
              </Text>
            </span>
          ) : null}
          {/* After the heading, where a route change leaves the keyboard on a phone (the
              desktop focuses the box itself): past the messages' tools in two presses. */}
          {info && !noPermission ? (
            <SkipLink target={SKIP_TARGETS.chatInput} testId="skip-chat-input">
              {t('shell.skipToChatInput')}
            </SkipLink>
          ) : null}
          {subject ? (
            <Text className="chat-main__subject" size="sm" c="dimmed" truncate="end">
              <bdi data-testid="chat-subject">
                <SubjectLabel subject={subject} forced={session.forced} />
              </bdi>
            </Text>
          ) : null}
          {info && !noPermission ? (
            <ActionIcon
              className="chat-main__search"
              variant="subtle"
              size="lg"
              ref={searchButton}
              onClick={() => setSearchOpen(true)}
              aria-label={t('chatSearch.open')}
              title={t('chatSearch.open')}
              data-testid="chat-search-open"
            >
              <SearchIcon />
            </ActionIcon>
          ) : null}
        </header>
        {mode === 'editor' && detailsfor ? <EditingBanner friendid={detailsfor} /> : null}
        {noPermission ? (
          <Alert color="red" m="md" role="alert" data-testid="chat-no-permission">
            {t('chat.noPermission')}
          </Alert>
        ) : conv.isError && !offline.online ? (
          <Alert color="yellow" m="md" role="alert" data-testid="chat-offline-missing">
            {t('offlineChat.notSaved')}
          </Alert>
        ) : conv.isError ? (
          <Alert color="red" m="md" role="alert" data-testid="chat-load-error">
            {errorText(conv.error) || t('chat.loadError')}
          </Alert>
        ) : !info || conv.isPlaceholderData ? (
          <div className="chat-main__loading">
            <PageLoader />
          </div>
        ) : (
          <>
            {offline.online ? null : (
              <Alert color="yellow" mx="md" mt="xs" data-testid="chat-offline">
                {t('offlineChat.readOnly')}
              </Alert>
            )}
            <MessageList
              messages={conv.messages}
              hasEarlier={conv.hasNextPage}
              loadingEarlier={conv.isFetchingNextPage}
              onLoadEarlier={() => void conv.fetchNextPage()}
              actionsDisabled={ask.busy || !offline.online}
              onRewind={onRewind}
              onRetry={onRetry}
              extras={extras}
              jumpTo={jump}
              loading={conv.isFetching}
              onJumped={onJumped}
            />
          </>
        )}
        {error ? (
          <Alert
            color="red"
            mx="md"
            mb="xs"
            role="alert"
            data-testid="chat-error"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => {
              ask.clearError();
              setActionError('');
            }}
          >
            <LinkedText text={error} />
          </Alert>
        ) : null}
        {noPermission ? null : <VoiceBar />}
        {noPermission ? null : (
          <InputBar
            busy={ask.busy}
            disabled={!ready}
            waitingText={t('chat.writing', { name: isolate(info?.friendname ?? '') })}
            inputq={inputq}
            onInputqSent={onInputqSent}
            onSend={offline.send}
            onStop={ask.stop}
            onCanvas={canvas ? () => setCanvasOpen(true) : undefined}
            mic={<MicButton disabled={!ready} />}
          />
        )}
      </section>
      {details && info ? (
        <Suspense fallback={null}>
          <DetailsDialog
            opened
            initialMode={details}
            onClose={() => setDetails(null)}
            friendid={friendid}
            friendname={info.friendname}
            onJump={(source) => {
              setDetails(null);
              setActionError('');
              if (!subject || !sameName(source.subject, subject)) setSubject(source.subject);
              jumpMissing.current = t('book.factSourceGone');
              setJump(source.id);
            }}
          />
        </Suspense>
      ) : null}
      {info && tool ? (
        <Suspense fallback={null}>
          <ChatToolDialogs
            open={tool}
            onClose={() => setTool(null)}
            friendid={friendid}
            info={info}
          />
        </Suspense>
      ) : null}
      {canvasOpen && subject ? (
        <Suspense fallback={null}>
          <CanvasDialog
            onClose={() => setCanvasOpen(false)}
            friendid={friendid}
            subject={subject}
          />
        </Suspense>
      ) : null}
      {searchOpen ? (
        <Suspense fallback={null}>
          <SearchDialog
            friendid={friendid}
            onClose={closeSearch}
            onJump={(hit) => {
              setSearchOpen(false);
              setPanelOpen(false);
              setActionError('');
              if (!subject || !sameName(hit.subject, subject)) setSubject(hit.subject);
              setJump(hit.id);
            }}
          />
        </Suspense>
      ) : null}
      {confirmDialog}
    </div>
  );
}

export function MinChatScreen() {
  return <ChatScreen mode="min" />;
}

export function EditorChatScreen() {
  return <ChatScreen mode="editor" />;
}

export default ChatScreen;
