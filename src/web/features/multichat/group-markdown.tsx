import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';

/**
 * An answer's Markdown. Each block takes its own direction (dir="auto" with
 * `unicode-bidi: plaintext`), so mixed Hebrew and English reads right; code stays left to
 * right; raw HTML is shown as text; links open in a new tab.
 */
const components: Components = {
  p: ({ node: _node, ...props }) => <p dir="auto" {...props} />,
  li: ({ node: _node, ...props }) => <li dir="auto" {...props} />,
  h1: ({ node: _node, ...props }) => <h3 dir="auto" {...props} />,
  h2: ({ node: _node, ...props }) => <h3 dir="auto" {...props} />,
  h3: ({ node: _node, ...props }) => <h4 dir="auto" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote dir="auto" {...props} />,
  pre: ({ node: _node, ...props }) => <pre dir="ltr" {...props} />,
  code: ({ node: _node, ...props }) => <code dir="ltr" {...props} />,
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};
const plugins = [remarkBreaks];

export const GroupMarkdown = memo(function GroupMarkdown({ text }: { text: string }) {
  return (
    <div className="group-markdown">
      <Markdown remarkPlugins={plugins} components={components}>
        {text}
      </Markdown>
    </div>
  );
});
