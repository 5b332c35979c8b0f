import { memo, type ComponentProps } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { Markdown, withDir, type MarkdownComponents, type MarkdownProps } from './markdown.tsx';
import { CopyButton } from './copy-button.tsx';
import { prepareMessage } from './message-text.ts';
import './message-markdown.css';

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const STRONG =
  /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * The direction of a block from its first strong letter, as `dir="auto"` would find it. A
 * blockquote or a table needs it spelled out: `dir="auto"` skips descendants that have a dir
 * of their own (every paragraph and cell here), so it would always fall back to LTR.
 */
function directionOf(plain: string): 'rtl' | 'ltr' | undefined {
  const first = STRONG.exec(plain)?.[0];
  if (!first) return undefined;
  return RTL.test(first) ? 'rtl' : 'ltr';
}

/** A code block with a copy button; the code stays left to right. */
function CodeBlock({ plain, ...props }: ComponentProps<'pre'> & { plain: string }) {
  const { t } = useTranslation();
  return (
    <div className="chat-md-code">
      <pre dir="ltr" {...props} />
      <CopyButton
        className="chat-md-code__copy"
        text={plain.replace(/\n$/, '')}
        label={t('chatx.copyCode')}
        testid="chat-copy-code"
      />
    </div>
  );
}

/**
 * A list keeps its bullets (or numbers) on one side, the direction of the list's text, while
 * each item's words take their own direction: `dir="auto"` on the `li` itself would move each
 * bullet to its own item's side, so the direction goes on the list and each item's content is
 * isolated in a block of its own (`dir="auto"`) beside the bullet.
 */
export const listComponents: MarkdownComponents = {
  ul: ({ plain, ...props }) => <ul dir={directionOf(plain)} {...props} />,
  ol: ({ plain, ...props }) => <ol dir={directionOf(plain)} {...props} />,
  li: ({ plain: _plain, children, ...props }) => (
    <li {...props}>
      <div dir="auto" className="chat-md-li">
        {children}
      </div>
    </li>
  ),
};

/**
 * Each block takes its own direction (dir="auto" with `unicode-bidi: plaintext` in the CSS),
 * so a Hebrew paragraph after an English one reads right; code stays left to right; tables
 * scroll sideways in their own box, in the direction of their text. Markdown.tsx shows raw
 * HTML as text, drops unsafe addresses and opens links in a new tab.
 */
const components: MarkdownComponents = {
  p: withDir('p', 'auto'),
  ...listComponents,
  h1: withDir('h1', 'auto'),
  h2: withDir('h2', 'auto'),
  h3: withDir('h3', 'auto'),
  h4: withDir('h4', 'auto'),
  blockquote: ({ plain, ...props }) => <blockquote dir={directionOf(plain)} {...props} />,
  table: ({ plain, ...props }) => (
    <div className="chat-md-table" dir={directionOf(plain)} data-testid="chat-md-table">
      <table {...props} />
    </div>
  ),
  td: withDir('td', 'auto'),
  th: withDir('th', 'auto'),
  pre: CodeBlock,
  code: withDir('code', 'ltr'),
};

/**
 * A message's text as Markdown (newlines are line breaks, spec part 2 §5), as the chat shows
 * it and wherever else a conversation is read (the history viewer). `mark` puts something
 * (the chat's citation marks) in place of an answer's `[n]`.
 */
export const MessageMarkdown = memo(function MessageMarkdown({
  text,
  role,
  mark,
}: {
  text: string;
  role: 'user' | 'assistant';
  mark?: MarkdownProps['mark'];
}) {
  return (
    <div className="chat-markdown">
      <Markdown text={prepareMessage(text, role)} components={components} mark={mark} />
    </div>
  );
});
