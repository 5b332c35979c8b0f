import '@mantine/core/styles/Checkbox.css';
import { LinkedText } from '../../shared/components/linked-text.tsx';
import { Alert, Button, Collapse, Loader, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery, useMergedRef } from '@mantine/hooks';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { BREAKPOINTS, TEXT_LIMITS } from '../../../protocol/constants.ts';
import { LengthCounter, overLimit } from '../../shared/components/length-counter.tsx';
import { AlertIcon, ResetIcon, SendIcon } from '../../shared/components/icons.tsx';
import { IconButton } from '../../shared/components/icon-button.tsx';
import { useConfirm } from '../../shared/components/confirm-dialog.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { typedDir } from '../../shared/i18n/auto-dir.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { FriendPicker } from './friend-picker.tsx';
import { GroupMessages } from './group-messages.tsx';
import { useFocusRetry } from './use-focus-retry.ts';
import { useGroupAsk, useGroupEdits, useRetrieveMultiConversation } from './use-group-chat.ts';
import './group.css';

/**
 * /multichat (spec part 2 §2 Multichat): tick characters, write one message, and the ones
 * the director chooses answer in turn. From 992 px the picker is a side column; below, it
 * collapses above the conversation.
 */
export default function GroupChatScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  usePageTitle(t('group.title'));
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINTS.otherDesktop}px)`, true);
  const conv = useRetrieveMultiConversation(lang);
  const username = useStored('fullname') ?? '';
  const { ask, retry, busy, error, speaking, clearError } = useGroupAsk(lang, conv.data?.running);
  const { reset, rewind } = useGroupEdits();
  const [dialog, confirm] = useConfirm();
  const [ticked, setTicked] = useState<string[] | null>(null);
  const [text, setText] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const [blank, setBlank] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  useFocusRetry(input, !busy && conv.isSuccess, desktop);
  // Typed text takes its own direction; empty, the placeholder follows the page.
  const inputRef = useMergedRef(input, typedDir(text));

  // The selection starts as the server remembers it.
  const selection =
    ticked ?? conv.data?.friends.filter((f) => f.checked).map((f) => f.friendid) ?? [];

  const send = async (to?: string) => {
    const message = text;
    // Past the limit it stays in the box, the counter saying why (the server would refuse it).
    if (overLimit(message, TEXT_LIMITS.message)) return;
    // Nothing to say: told here, in words, rather than sent for the server to refuse.
    if (!message.trim()) {
      setBlank(true);
      input.current?.focus();
      return;
    }
    setBlank(false);
    setText('');
    clearError();
    const ok = await ask(message, selection, username, to);
    // A refused message is given back, so nothing typed is lost.
    if (!ok) setText((now) => now || message);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!busy) void send();
    }
  };
  const toggle = (id: string) =>
    setTicked(selection.includes(id) ? selection.filter((x) => x !== id) : [...selection, id]);
  const onReset = async () => {
    if (await confirm(t('group.resetConfirm'), { danger: true, size: 250 }))
      reset.mutate(selection);
  };

  if (conv.isPending) return <PageLoader />;
  if (conv.isError)
    return (
      <Alert color="red" m="md" icon={<AlertIcon size={18} />} title={t('group.loadError')}>
        {errorText(conv.error)}
      </Alert>
    );

  const names = conv.data.friends.filter((f) => selection.includes(f.friendid));
  const picker = (
    <FriendPicker
      friends={conv.data.friends}
      ticked={selection}
      busy={busy}
      onToggle={toggle}
      onAsk={(id) => {
        if (text.trim()) void send(id);
        else setText(`@${conv.data.friends.find((f) => f.friendid === id)?.friendname ?? id} `);
        input.current?.focus();
      }}
    />
  );
  const shownError = blank
    ? t('group.emptyMessage')
    : error === 'network'
      ? t('common.communicationError')
      : error;

  return (
    <div className={`group-chat ${desktop ? 'group-chat--desktop' : 'group-chat--mobile'}`}>
      {dialog}
      <aside className="group-chat__side">
        <div className="group-chat__head">
          <Title order={1} size="h3">
            {t('group.title')}
          </Title>
          <IconButton
            label={t('group.reset')}
            testid="group-reset"
            disabled={busy}
            onClick={() => void onReset()}
          >
            <ResetIcon size={18} />
          </IconButton>
        </div>
        {desktop ? (
          picker
        ) : (
          <>
            <Button
              variant="light"
              fullWidth
              onClick={() => setPickerOpen((o) => !o)}
              data-testid="group-picker-toggle"
              aria-expanded={pickerOpen}
            >
              {pickerOpen ? t('group.hidePicker') : t('group.picked', { count: selection.length })}
            </Button>
            <Collapse expanded={pickerOpen}>{picker}</Collapse>
          </>
        )}
      </aside>
      <section className="group-chat__main">
        {names.length ? (
          <Text size="sm" c="dimmed" className="group-chat__members" dir="auto">
            {names.map((f) => f.friendname).join(' · ')}
          </Text>
        ) : (
          <Text size="sm" c="orange" className="group-chat__members" data-testid="group-none">
            {t('group.noneTicked')}
          </Text>
        )}
        <div className="group-chat__scroll">
          <GroupMessages
            chat={conv.data.chat}
            busy={busy}
            onRetry={(m) => void retry(m.id)}
            onRewind={async (m) => {
              if (await confirm(t('group.rewindConfirm'), { danger: true, size: 250 }))
                rewind.mutate(m.id);
            }}
          />
        </div>
        {shownError || reset.error || rewind.error ? (
          <Alert color="red" icon={<AlertIcon size={18} />} data-testid="group-error" mx="sm">
            {shownError ? <LinkedText text={shownError} /> : errorText(reset.error ?? rewind.error)}
          </Alert>
        ) : null}
        <div className="group-chat__input">
          {busy ? (
            <Text size="sm" c="dimmed" className="group-chat__busy" data-testid="group-busy">
              <Loader size="xs" type="dots" />{' '}
              {speaking ? t('group.asking', { name: speaking }) : t('group.thinking')}
            </Text>
          ) : null}
          <LengthCounter text={text} max={TEXT_LIMITS.message} id={counterId} />
          <div className="group-chat__row">
            <Textarea
              aria-describedby={text.length ? counterId : undefined}
              ref={inputRef}
              className="group-chat__textarea"
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                if (blank) setBlank(false);
              }}
              onKeyDown={onKey}
              placeholder={t('group.placeholder')}
              aria-label={t('group.placeholder')}
              autosize
              minRows={1}
              maxRows={6}
              data-testid="group-input"
            />
            <IconButton
              label={t('group.send')}
              testid="group-send"
              variant="filled"
              size="lg"
              disabled={busy}
              onClick={() => void send()}
            >
              <SendIcon size={18} />
            </IconButton>
          </div>
        </div>
      </section>
    </div>
  );
}
