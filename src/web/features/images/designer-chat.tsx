import { ActionIcon, Alert, Badge, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Markdown, withDir, type MarkdownComponents } from '../../shared/components/markdown.tsx';
import type { ChatMessage } from '../../../protocol/actions/chat.ts';
import { ConfirmDialog } from '../../shared/components/confirm-dialog.tsx';
import { CloseIcon, ResetIcon, SendIcon } from '../../shared/components/icons.tsx';
import { imageFrom, scaleImage } from '../../shared/files/scale-image.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';

/** Spec part 2 §9: a reference picture is at most 640 px wide, JPEG quality 0.8. */
export const REFERENCE_MAX_WIDTH = 640;
/** Spec part 2 §9: focus retry starts at 300 ms, adds 300 ms, stops at 10000 ms. */
const FOCUS = { startMs: 300, stepMs: 300, maxMs: 10_000 };
const MARKER = /:#(\d+)/g;

/** Each block takes its own direction; links open in a new tab (Markdown.tsx). */
const mdComponents: MarkdownComponents = { p: withDir('p', 'auto'), li: withDir('li', 'auto') };

/** The designer's words without its `:#<num>` markers, and the numbers they name. */
export function splitMarkers(text: string): { text: string; nums: number[] } {
  const nums = [...text.matchAll(MARKER)].map((m) => Number(m[1]));
  return { text: text.replace(MARKER, '').trim(), nums };
}

function Message({ m }: { m: ChatMessage }) {
  const { t } = useTranslation();
  const { text, nums } = splitMarkers(m.message);
  return (
    <div className={`createimg-msg createimg-msg--${m.role}`} data-testid={`designer-${m.role}`}>
      {m.img ? (
        <img className="createimg-msg__img" src={m.img} alt={t('createImage.refAlt')} />
      ) : null}
      <div className="createimg-msg__text">
        <Markdown text={text} components={mdComponents} />
      </div>
      {nums.map((n) => (
        <Badge key={n} variant="light" size="sm" data-testid="designer-marker">
          {t('createImage.imageMarker', { num: n })}
        </Badge>
      ))}
      {m.offline ? (
        <Badge variant="outline" color="gray" size="xs">
          {t('createImage.offlineDesigner')}
        </Badge>
      ) : null}
    </div>
  );
}

/** Left column: the conversation with the designer and its input (spec part 2 §2). */
export function DesignerChat({
  messages,
  allowed,
  busy,
  error,
  onSend,
  onReset,
  pending,
  streamed,
}: {
  messages: ChatMessage[];
  allowed: boolean;
  busy: boolean;
  error: unknown;
  /** The message shown at once while the answer is awaited. */
  pending: string | null;
  /** The designer's answer as it streams in, or null. */
  streamed: string | null;
  onSend: (message: string, img: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [img, setImg] = useState('');
  const [imgError, setImgError] = useState('');
  const [confirmReset, setConfirmReset] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages.length, pending, busy, streamed]);

  // Focus the input once it is there, retrying while the screen settles; not on phones.
  useEffect(() => {
    if (!allowed || busy || window.matchMedia('(max-width: 991px)').matches) return;
    let delay = FOCUS.startMs;
    let timer: ReturnType<typeof setTimeout>;
    const tryFocus = () => {
      if (area.current && document.activeElement !== area.current) area.current.focus();
      if (document.activeElement === area.current || delay >= FOCUS.maxMs) return;
      delay += FOCUS.stepMs;
      timer = setTimeout(tryFocus, delay);
    };
    timer = setTimeout(tryFocus, delay);
    return () => clearTimeout(timer);
  }, [allowed, busy]);

  const send = () => {
    if (!text.trim() || busy) return;
    onSend(text, img);
    setText('');
    setImg('');
  };

  const take = async (data: DataTransfer | null) => {
    const file = imageFrom(data);
    if (!file) {
      if (data?.files.length) setImgError(t('createImage.onlyImages'));
      return;
    }
    try {
      setImg(await scaleImage(file, REFERENCE_MAX_WIDTH));
      setImgError('');
    } catch {
      setImgError(t('createImage.pictureFailed'));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    if (imageFrom(e.clipboardData)) {
      e.preventDefault();
      void take(e.clipboardData);
    }
  };

  return (
    <section className="createimg-col createimg-chat" data-testid="designer-chat">
      <div className="createimg-chat__list" ref={list}>
        {messages.map((m) => (
          <Message key={m.id} m={m} />
        ))}
        {pending !== null ? (
          <div className="createimg-msg createimg-msg--user" data-testid="designer-pending">
            <div className="createimg-msg__text" dir="auto">
              {pending}
            </div>
          </div>
        ) : null}
        {streamed ? (
          <div
            className="createimg-msg createimg-msg--assistant"
            data-testid="designer-streaming"
            aria-live="polite"
          >
            <div className="createimg-msg__text">
              <Markdown text={splitMarkers(streamed).text} components={mdComponents} />
            </div>
          </div>
        ) : null}
      </div>
      {error ? (
        <Alert color="red" radius="md" data-testid="designer-error">
          {errorText(error)}
        </Alert>
      ) : null}
      {!allowed ? null : busy ? (
        <div className="createimg-chat__waiting" role="status" data-testid="designer-waiting">
          <Loader type="dots" size="md" />
          <Text size="sm" c="dimmed">
            {t('createImage.waiting')}
          </Text>
        </div>
      ) : (
        <div
          className="createimg-chat__input"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            void take(e.dataTransfer);
          }}
          data-testid="designer-input"
        >
          {img ? (
            <div className="createimg-chat__preview" data-testid="designer-preview">
              <img src={img} alt={t('createImage.refAlt')} />
              <ActionIcon
                size="sm"
                radius="xl"
                variant="filled"
                color="dark"
                onClick={() => setImg('')}
                aria-label={t('createImage.removeRef')}
                title={t('createImage.removeRef')}
              >
                <CloseIcon size={14} />
              </ActionIcon>
            </div>
          ) : null}
          {imgError ? (
            <Text size="xs" c="red" role="alert">
              {imgError}
            </Text>
          ) : null}
          <div className="createimg-chat__row">
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => setConfirmReset(true)}
              aria-label={t('createImage.reset')}
              title={t('createImage.reset')}
              data-testid="designer-reset"
            >
              <ResetIcon />
            </ActionIcon>
            <textarea
              ref={area}
              className="createimg-chat__text"
              rows={2}
              dir={text ? 'auto' : undefined}
              value={text}
              placeholder={t('createImage.inputPlaceholder')}
              aria-label={t('createImage.inputPlaceholder')}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              data-testid="designer-text"
            />
            <ActionIcon
              size="lg"
              radius="xl"
              onClick={send}
              disabled={!text.trim()}
              aria-label={t('createImage.send')}
              title={t('createImage.send')}
              data-testid="designer-send"
            >
              <SendIcon />
            </ActionIcon>
          </div>
        </div>
      )}
      <ConfirmDialog
        opened={confirmReset}
        title={t('createImage.resetTitle')}
        size={250}
        danger
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          onReset();
        }}
      >
        {t('createImage.resetText')}
      </ConfirmDialog>
    </section>
  );
}
