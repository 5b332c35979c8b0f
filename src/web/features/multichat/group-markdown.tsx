import { memo } from 'react';
import { Markdown, type MarkdownComponents } from '../../shared/components/markdown.tsx';

/**
 * An answer's Markdown. Each block takes its own direction (dir="auto" with
 * `unicode-bidi: plaintext`), so mixed Hebrew and English reads right; code stays left to
 * right; raw HTML is shown as text; links open in a new tab (Markdown.tsx).
 */
const components: MarkdownComponents = {
  p: ({ plain: _plain, ...props }) => <p dir="auto" {...props} />,
  li: ({ plain: _plain, ...props }) => <li dir="auto" {...props} />,
  h1: ({ plain: _plain, ...props }) => <h3 dir="auto" {...props} />,
  h2: ({ plain: _plain, ...props }) => <h3 dir="auto" {...props} />,
  h3: ({ plain: _plain, ...props }) => <h4 dir="auto" {...props} />,
  blockquote: ({ plain: _plain, ...props }) => <blockquote dir="auto" {...props} />,
  pre: ({ plain: _plain, ...props }) => <pre dir="ltr" {...props} />,
  code: ({ plain: _plain, ...props }) => <code dir="ltr" {...props} />,
};

export const GroupMarkdown = memo(function GroupMarkdown({ text }: { text: string }) {
  return (
    <div className="group-markdown">
      <Markdown text={text} components={components} />
    </div>
  );
});
