import { memo, useMemo } from 'react';
import type { Citation } from '../../../protocol/actions/reading.ts';
import { MessageMarkdown } from '../../shared/components/message-markdown.tsx';
import { CitationMark } from './citation-mark.tsx';

/** A chat message's Markdown; an answer's `[n]` marks of the passages it cites open them. */
export const CitedMarkdown = memo(function CitedMarkdown({
  text,
  role,
  citations,
}: {
  text: string;
  role: 'user' | 'assistant';
  citations?: Citation[] | undefined;
}) {
  const mark = useMemo(() => {
    if (!citations?.length) return undefined;
    const byN = new Map(citations.map((c) => [c.n, c]));
    return (n: number) => {
      const c = byN.get(n);
      return c ? <CitationMark citation={c} /> : undefined;
    };
  }, [citations]);
  return <MessageMarkdown text={text} role={role} mark={mark} />;
});
