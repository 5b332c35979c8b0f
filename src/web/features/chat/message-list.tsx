import './chat-search.css';
import { Button, Text } from '@mantine/core';
import {
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { MessageExtras } from './message-tools.tsx';
import { MessageItem } from './message-item.tsx';
import type { Message } from './use-conversation.ts';

/** Closer to the bottom than this counts as "at the bottom": new words keep it in view. */
const STICK_PX = 80;
/** Closer to the top than this asks for the earlier page. */
const EARLIER_PX = 300;
const FALLBACK_RECT = { width: 800, height: 900 };
const ESTIMATE_PX = 140;

/**
 * The conversation, virtualised: only the messages in view (and a few around them) are in
 * the page, so thousands stay smooth. It follows the newest message while the reader is at
 * the bottom, keeps its place when earlier messages are added above, and asks for them when
 * the reader scrolls near the top (or presses "load earlier"). `jumpTo` (a search hit) brings
 * that message into view, loading earlier pages until it is there, and marks it.
 */
export function MessageList({
  messages,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
  actionsDisabled,
  onRewind,
  onRetry,
  extras,
  jumpTo = null,
  loading = false,
  onJumped,
}: {
  messages: Message[];
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** A message to bring into view and mark (a search hit), by id. */
  jumpTo?: number | null;
  /** The conversation is being read (a jump waits for it). */
  loading?: boolean;
  /** The jump is over: `found` false when the message is not in the conversation. */
  onJumped?: (found: boolean) => void;
  actionsDisabled: boolean;
  onRewind: (m: Message) => void;
  onRetry: (m: Message) => void;
  extras: MessageExtras;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Distance from the bottom when earlier messages were asked for (to keep the place). */
  const anchor = useRef<number | null>(null);

  // The app does not use the React Compiler; the virtualizer re-renders this list itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATE_PX,
    // Nothing laid out measures 0: keep the estimate rather than squeezing every row in.
    measureElement: (el, entry, instance) => measureElement(el, entry, instance) || ESTIMATE_PX,
    overscan: 6,
    // Room above the first message for the "load earlier" button.
    paddingStart: hasEarlier ? 44 : 8,
    paddingEnd: 8,
    getItemKey: (i) => messages[i]?.id ?? i,
    // A scroller not laid out (hidden, or in tests) still shows a window of messages.
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance: Virtualizer<HTMLDivElement, Element>, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
  });

  const loadEarlier = useCallback(() => {
    const el = scroller.current;
    if (!hasEarlier || loadingEarlier) return;
    if (el) anchor.current = el.scrollHeight - el.scrollTop;
    onLoadEarlier();
  }, [hasEarlier, loadingEarlier, onLoadEarlier]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (el.scrollTop < EARLIER_PX && el.scrollHeight > el.clientHeight) loadEarlier();
  };

  const firstId = messages[0]?.id;
  const total = virtualizer.getTotalSize();
  const last = messages.at(-1);

  // Earlier messages arrived above: stay where the reader was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || anchor.current === null) return;
    el.scrollTop = el.scrollHeight - anchor.current;
    anchor.current = null;
  }, [firstId]);

  // New messages, new words, or sizes measured: keep the newest in view if it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || anchor.current !== null || !atBottom.current) return;
    el.scrollTop = el.scrollHeight;
  }, [total, last?.id, last?.message]);

  // The reader's own new message always brings the view down.
  useEffect(() => {
    if (last && last.role === 'user') atBottom.current = true;
  }, [last]);

  // A search hit: earlier pages until it is there, then into view, marked.
  const [marked, setMarked] = useState<number | null>(null);
  useEffect(() => {
    if (jumpTo === null) return;
    atBottom.current = false;
    const i = messages.findIndex((m) => m.id === jumpTo);
    if (i < 0) {
      if (loading || loadingEarlier) return;
      if (hasEarlier) onLoadEarlier();
      else onJumped?.(false);
      return;
    }
    setMarked(jumpTo);
    virtualizer.scrollToIndex(i, { align: 'center' });
    onJumped?.(true);
  }, [jumpTo, messages, loading, loadingEarlier, hasEarlier, onLoadEarlier, onJumped, virtualizer]);

  const items = virtualizer.getVirtualItems();
  if (messages.length === 0)
    return (
      <div className="chat-list-wrap chat-list-wrap--empty">
        <Text c="dimmed" ta="center" p="xl" data-testid="chat-empty">
          {t('chat.empty')}
        </Text>
      </div>
    );
  return (
    <div className="chat-list-wrap">
      {hasEarlier ? (
        <div className="chat-list__earlier">
          <Button
            variant="subtle"
            size="xs"
            loading={loadingEarlier}
            onClick={loadEarlier}
            data-testid="chat-load-earlier"
          >
            {loadingEarlier ? t('chat.loadingEarlier') : t('chat.loadEarlier')}
          </Button>
        </div>
      ) : null}
      <div className="chat-list" ref={scroller} onScroll={onScroll} data-testid="chat-list">
        <div className="chat-list__inner" style={{ height: total }}>
          <div
            className="chat-list__window"
            style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
          >
            {items.map((row) => {
              const m = messages[row.index]!;
              return (
                <div
                  key={row.key}
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  className={`chat-list__row${m.id === marked ? ' chat-list__row--hit' : ''}`}
                  data-message-id={m.id}
                >
                  <MessageItem
                    message={m}
                    actionsDisabled={actionsDisabled}
                    onRewind={onRewind}
                    onRetry={onRetry}
                    extras={extras}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
