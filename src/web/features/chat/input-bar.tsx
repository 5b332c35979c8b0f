import { ActionIcon, Loader, Text } from '@mantine/core';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { BREAKPOINTS, TEXT_LIMITS, TIMINGS } from '../../../protocol/constants.ts';
import { LengthCounter, overLimit } from '../../shared/components/length-counter.tsx';
import { CanvasIcon, CloseIcon, SendIcon } from '../../shared/components/icons.tsx';
import { StopIcon } from './chat-icons.tsx';
import { fitTextarea } from './fit-textarea.ts';
import { imageFrom, scaleImage } from './scale-image.ts';
import { SKIP_TARGETS } from '../../shared/a11y/skip-link.tsx';

/** The clipboard or the drop carries a file (of any kind). */
const hasFile = (d: DataTransfer | null) =>
  !!d && ((d.files?.length ?? 0) > 0 || Array.from(d.items ?? []).some((i) => i.kind === 'file'));

/** Spec part 2 §9: the input grows with its text up to 150 px, then scrolls. */
export const INPUT_MAX_HEIGHT = 150;

/**
 * The message input (spec part 2 §2): multi-line, Enter sends and Shift+Enter adds a line,
 * empty text is not sent; a pasted or dropped image is scaled and previewed until it goes
 * with the next message. While an answer is awaited a waiting indicator takes the input's
 * place (the text typed so far is kept). `inputq` (from the route) is put in the input and
 * sent 500 ms later.
 */
export function InputBar({
  busy,
  disabled,
  waitingText,
  inputq,
  onInputqSent,
  onSend,
  onStop,
  onCanvas,
  mic,
}: {
  busy: boolean;
  /** Nothing can be sent yet (the conversation is loading). */
  disabled?: boolean;
  waitingText: string;
  inputq?: string | undefined;
  /** The route's question went: the screen drops it from the address so a reload won't ask again. */
  onInputqSent?: (() => void) | undefined;
  /** Answers false when the message was not taken (its text then stays in the input). */
  onSend: (text: string, img: string | null) => Promise<boolean> | boolean;
  /** While waiting or streaming, a Stop button takes Send's place. */
  onStop?: (() => void) | undefined;
  /** Shown for characters with a canvas (types 1 and 3). */
  onCanvas?: (() => void) | undefined;
  /** The microphone button (voice/mic-button.tsx), beside send. */
  mic?: ReactNode;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [img, setImg] = useState<string | null>(null);
  /** Why the last pasted or dropped thing was not taken: unreadable image, or not an image. */
  const [imgError, setImgError] = useState<'unreadable' | 'notImage' | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  /**
   * A question sent before the conversation has loaded (Enter pressed as soon as the box
   * showed): it waits, shown as waiting, and goes once the conversation is there, instead of
   * staying in the box unsent.
   */
  const held = useRef<{ value: string; image: string | null } | null>(null);
  const [holding, setHolding] = useState(false);
  const waiting = busy || holding;

  useLayoutEffect(() => {
    if (area.current) fitTextarea(area.current, INPUT_MAX_HEIGHT);
  }, [text, waiting]);

  // A wider or narrower input wraps the text differently.
  useEffect(() => {
    const el = area.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fitTextarea(el, INPUT_MAX_HEIGHT);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [waiting]);

  const deliver = useCallback(
    async (value: string, image: string | null) => {
      const taken = await onSend(value, image);
      if (!taken) {
        setText((now) => now || value);
        setImg((now) => now ?? image);
      }
    },
    [onSend],
  );

  const submit = useCallback(
    async (value: string, image: string | null) => {
      // Past the limit it stays in the box, the counter saying why (the server would refuse it).
      if (!value.trim() || overLimit(value, TEXT_LIMITS.message) || busy || held.current) return;
      setText('');
      setImg(null);
      if (disabled) {
        held.current = { value, image };
        setHolding(true);
      } else await deliver(value, image);
    },
    [busy, disabled, deliver],
  );

  // Loaded, and no earlier reply still being written: the held question goes.
  useEffect(() => {
    const h = held.current;
    if (!holding || !h || disabled || busy) return;
    held.current = null;
    void deliver(h.value, h.image).finally(() => setHolding(false));
  }, [holding, disabled, busy, deliver]);

  // Back from waiting (or ready): the cursor returns to the input, except on touch screens
  // where it would pop up the keyboard (spec part 2 §9: focus is skipped on mobile).
  useEffect(() => {
    if (waiting || disabled || !area.current) return;
    if (window.matchMedia?.(`(min-width: ${BREAKPOINTS.chatDesktop}px)`).matches)
      area.current.focus();
  }, [waiting, disabled]);

  // A question from the route: shown, then sent after about half a second.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!inputq || disabled || asked.current === inputq) return;
    setText(inputq);
    const timer = setTimeout(() => {
      asked.current = inputq;
      void submit(inputq, null);
      onInputqSent?.();
    }, TIMINGS.autoSendInputqMs);
    return () => clearTimeout(timer);
  }, [inputq, disabled, submit, onInputqSent]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void submit(text, img);
  };

  const takeImage = async (data: DataTransfer | null) => {
    const file = imageFrom(data);
    if (!file) return false;
    try {
      setImg(await scaleImage(file));
      setImgError(null);
    } catch {
      setImgError('unreadable');
    }
    return true;
  };

  // A file that is not an image (a PDF, a document) is not taken, and the reader is told so
  // instead of seeing nothing happen.
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    if (imageFrom(e.clipboardData)) {
      e.preventDefault();
      void takeImage(e.clipboardData);
    } else if (hasFile(e.clipboardData)) {
      e.preventDefault();
      setImgError('notImage');
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    if (imageFrom(e.dataTransfer)) {
      e.preventDefault();
      void takeImage(e.dataTransfer);
    } else if (hasFile(e.dataTransfer)) {
      e.preventDefault();
      setImgError('notImage');
    }
  };

  return (
    <div
      className="chat-input"
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
      data-testid="chat-input-bar"
    >
      {img ? (
        <div className="chat-input__preview" data-testid="image-preview">
          <img src={img} alt={t('chat.pastedImage')} />
          <ActionIcon
            size="sm"
            radius="xl"
            variant="filled"
            color="dark"
            className="chat-input__preview-remove"
            onClick={() => setImg(null)}
            aria-label={t('chat.removeImage')}
            title={t('chat.removeImage')}
            data-testid="image-remove"
          >
            <CloseIcon size={14} />
          </ActionIcon>
        </div>
      ) : null}
      {imgError ? (
        <Text size="xs" c="red" role="alert">
          {imgError === 'notImage' ? t('chat.notAnImage') : t('chat.imageError')}
        </Text>
      ) : null}
      {/*
       * While a reply is awaited the box stays, read-only, so the cursor (and a screen reader's
       * place) stays in it; sending waits as before (issue 38).
       */}
      {waiting ? (
        <div className="chat-input__waiting" role="status" data-testid="chat-waiting">
          <Loader type="dots" size="md" />
          <Text size="sm" c="dimmed" dir="auto">
            {waitingText}
          </Text>
          {onStop && busy ? (
            <ActionIcon
              className="chat-input__stop"
              size="lg"
              radius="xl"
              color="red"
              onClick={onStop}
              aria-label={t('chatx.stop')}
              title={t('chatx.stop')}
              data-testid="chat-stop"
            >
              <StopIcon size={16} />
            </ActionIcon>
          ) : null}
        </div>
      ) : null}
      <LengthCounter text={text} max={TEXT_LIMITS.message} id={counterId} />
      <div className="chat-input__row">
        {onCanvas && !waiting ? (
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={onCanvas}
            aria-label={t('chat.canvas')}
            title={t('chat.canvas')}
            data-testid="canvas-open"
          >
            <CanvasIcon />
          </ActionIcon>
        ) : null}
        <textarea
          ref={area}
          id={SKIP_TARGETS.chatInput}
          className="chat-input__text"
          rows={1}
          // Empty, the placeholder follows the page; typed text takes its own direction.
          dir={text ? 'auto' : undefined}
          value={text}
          readOnly={waiting}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (imgError === 'notImage') setImgError(null);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          aria-describedby={text.length ? counterId : undefined}
          data-testid="chat-input"
        />
        {waiting ? null : mic}
        {waiting ? null : (
          <ActionIcon
            size="lg"
            radius="xl"
            onClick={() => void submit(text, img)}
            disabled={disabled || !text.trim() || overLimit(text, TEXT_LIMITS.message)}
            aria-label={t('chat.send')}
            title={t('chat.send')}
            data-testid="chat-send"
          >
            <SendIcon size={18} className="flip-rtl" />
          </ActionIcon>
        )}
      </div>
    </div>
  );
}
