import { UnstyledButton } from '@mantine/core';
import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { Citation } from '../../../protocol/actions/reading.ts';

// The popover (Mantine's Popover and floating-ui) loads on a mark's first click: most answers
// are read without opening one.
const CitationPopover = lazy(() => import('./citation-popover.tsx'));

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
