import { UnstyledButton } from '@mantine/core';
import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { Citation } from '../../../protocol/actions/reading.ts';

// The popover (Mantine's Popover and floating-ui) loads on a mark's first click: most answers
// are read without opening one.
const CitationPopover = lazy(() => import('./citation-popover.tsx'));

/** The address a citation mark carries inside the Markdown tree (never followed). */
export const CITE_HREF = '#cite-';

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

const MARK = /\[(\d{1,3})\]/g;

/**
 * A remark plugin: `[n]` in the text becomes a citation mark when the answer cites passage n
 * (the server kept only those). Code is never touched: its text is not a `text` node.
 */
export function remarkCitations(numbers: Set<number>) {
  const split = (value: string): MdNode[] => {
    const out: MdNode[] = [];
    let last = 0;
    for (const m of value.matchAll(MARK)) {
      const n = Number(m[1]);
      if (!numbers.has(n)) continue;
      if (m.index > last) out.push({ type: 'text', value: value.slice(last, m.index) });
      out.push({
        type: 'link',
        url: `${CITE_HREF}${n}`,
        children: [{ type: 'text', value: `${n}` }],
      });
      last = m.index + m[0].length;
    }
    if (last === 0) return [{ type: 'text', value }];
    if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
    return out;
  };
  const walk = (node: MdNode) => {
    if (!node.children || node.type === 'link') return;
    node.children = node.children.flatMap((c) =>
      c.type === 'text' && c.value ? split(c.value) : (walk(c), [c]),
    );
  };
  return () => (tree: MdNode) => walk(tree);
}

/** Where a passage comes from, in words: "The Lighthouse · chapter 3 · page 12". */
export function useSourceLine(c: Citation) {
  const { t } = useTranslation();
  return [
    c.title || t('reading.untitled'),
    c.chapter ? t('reading.chapterN', { n: c.chapter }) : '',
    c.page ? t('reading.pageN', { n: c.page }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

type ButtonProps = { citation: Citation } & ComponentPropsWithoutRef<'button'>;

/** The numbered mark: the popover's target, before and after the popover loads. */
export const CitationButton = forwardRef<HTMLButtonElement, ButtonProps>(function CitationButton(
  { citation: c, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const source = useSourceLine(c);
  return (
    <UnstyledButton
      ref={ref}
      className="chat-cite"
      aria-label={t('reading.citeLabel', { n: c.n, source })}
      data-testid="citation-mark"
      {...rest}
    >
      {c.n}
    </UnstyledButton>
  );
});

/** A small numbered mark that opens the cited passage in a popover. */
export function CitationMark({ citation }: { citation: Citation }) {
  const [wanted, setWanted] = useState(false);
  const mark = (
    <CitationButton citation={citation} aria-expanded={false} onClick={() => setWanted(true)} />
  );
  if (!wanted) return mark;
  return (
    <Suspense fallback={mark}>
      <CitationPopover citation={citation} />
    </Suspense>
  );
}
