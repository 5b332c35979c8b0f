import { memo, useMemo } from 'react';
import type { Citation } from '../../../protocol/actions/reading.ts';
import { CITE_HREF, CitationMark, remarkCitations } from './citation-mark.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import { remarkGfmParse } from './remark-gfm-parse.ts';
import { CopyButton } from './message-tools.tsx';
import { prepareMessage } from './message-text.ts';

type HastNode = NonNullable<ExtraProps['node']>;

/** The text of a hast subtree. */
interface AnyNode {
  type: string;
  value?: string;
  children?: AnyNode[];
}
function textOf(node: HastNode | AnyNode | undefined): string {
  if (!node) return '';
  const n = node as AnyNode;
  if (n.type === 'text') return n.value ?? '';
  return (n.children ?? []).map((c) => textOf(c)).join('');
}

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const STRONG =
  /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * The direction of a block from its first strong letter, as `dir="auto"` would find it. A
 * blockquote or a table needs it spelled out: `dir="auto"` skips descendants that have a dir
 * of their own (every paragraph and cell here), so it would always fall back to LTR.
 */
function directionOf(node: HastNode | undefined): 'rtl' | 'ltr' | undefined {
  const first = STRONG.exec(textOf(node))?.[0];
  if (!first) return undefined;
  return RTL.test(first) ? 'rtl' : 'ltr';
}

/** A code block with a copy button; the code stays left to right. */
function CodeBlock({ node, ...props }: React.ComponentProps<'pre'> & ExtraProps) {
  const { t } = useTranslation();
  return (
    <div className="chat-md-code">
      <pre dir="ltr" {...props} />
      <CopyButton
        className="chat-md-code__copy"
        text={textOf(node).replace(/\n$/, '')}
        label={t('chatx.copyCode')}
        testid="chat-copy-code"
      />
    </div>
  );
}

/**
 * Each block takes its own direction (dir="auto" with `unicode-bidi: plaintext` in the CSS),
 * so a Hebrew paragraph after an English one reads right; code stays left to right. Raw HTML
 * is not rendered (react-markdown shows it as text without a raw-HTML plugin), unsafe link
 * protocols are dropped by its URL filter (such a link is shown as plain text), and links
 * open in a new tab. GFM: tables (scrolling sideways in their own box, in the direction of
 * their text), autolinks, strikethrough and read-only task lists.
 */
const components: Components = {
  p: ({ node: _node, ...props }) => <p dir="auto" {...props} />,
  li: ({ node: _node, ...props }) => <li dir="auto" {...props} />,
  h1: ({ node: _node, ...props }) => <h1 dir="auto" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 dir="auto" {...props} />,
  h3: ({ node: _node, ...props }) => <h3 dir="auto" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 dir="auto" {...props} />,
  blockquote: ({ node, ...props }) => <blockquote dir={directionOf(node)} {...props} />,
  table: ({ node, ...props }) => (
    <div className="chat-md-table" dir={directionOf(node)} data-testid="chat-md-table">
      <table {...props} />
    </div>
  ),
  td: ({ node: _node, ...props }) => <td dir="auto" {...props} />,
  th: ({ node: _node, ...props }) => <th dir="auto" {...props} />,
  pre: CodeBlock,
  code: ({ node: _node, ...props }) => <code dir="ltr" {...props} />,
  a: LinkOrText,
  input: ({ node: _node, ...props }) => <input {...props} disabled readOnly />,
};

/** Links open in a new tab; a link whose address was unsafe keeps its words only. */
function LinkOrText({
  node: _node,
  href,
  children,
  ...props
}: React.ComponentProps<'a'> & ExtraProps) {
  return href ? (
    <a href={href} {...props} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );
}

const remarkPlugins = [remarkGfmParse, remarkBreaks];

/**
 * A message's text as Markdown (newlines are line breaks, spec part 2 §5); an answer's `[n]`
 * marks of the passages it cites open those passages.
 */
export const MessageMarkdown = memo(function MessageMarkdown({
  text,
  role,
  citations,
}: {
  text: string;
  role: 'user' | 'assistant';
  citations?: Citation[] | undefined;
}) {
  const cited = useMemo(() => {
    if (!citations?.length) return { plugins: remarkPlugins, components };
    const byN = new Map(citations.map((c) => [c.n, c]));
    const a: Components['a'] = (props) => {
      const c = props.href?.startsWith(CITE_HREF)
        ? byN.get(Number(props.href.slice(CITE_HREF.length)))
        : undefined;
      return c ? <CitationMark citation={c} /> : <LinkOrText {...props} />;
    };
    return {
      plugins: [...remarkPlugins, remarkCitations(new Set(byN.keys()))],
      components: { ...components, a },
    };
  }, [citations]);
  return (
    <div className="chat-markdown">
      <Markdown remarkPlugins={cited.plugins} components={cited.components}>
        {prepareMessage(text, role)}
      </Markdown>
    </div>
  );
});
