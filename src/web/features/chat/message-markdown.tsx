import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import { prepareMessage } from './message-text.ts';

/**
 * Each block takes its own direction (dir="auto" with `unicode-bidi: plaintext` in the CSS),
 * so a Hebrew paragraph after an English one reads right; code stays left to right. Raw HTML
 * is not rendered (react-markdown shows it as text without a raw-HTML plugin), unsafe link
 * protocols are dropped by its URL filter, and links open in a new tab.
 */
const components: Components = {
  p: ({ node: _node, ...props }) => <p dir="auto" {...props} />,
  li: ({ node: _node, ...props }) => <li dir="auto" {...props} />,
  h1: ({ node: _node, ...props }) => <h1 dir="auto" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 dir="auto" {...props} />,
  h3: ({ node: _node, ...props }) => <h3 dir="auto" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 dir="auto" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote dir="auto" {...props} />,
  td: ({ node: _node, ...props }) => <td dir="auto" {...props} />,
  th: ({ node: _node, ...props }) => <th dir="auto" {...props} />,
  pre: ({ node: _node, ...props }) => <pre dir="ltr" {...props} />,
  code: ({ node: _node, ...props }) => <code dir="ltr" {...props} />,
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

const remarkPlugins = [remarkBreaks];

/** A message's text as Markdown (newlines are line breaks, spec part 2 §5). */
export const MessageMarkdown = memo(function MessageMarkdown({
  text,
  role,
}: {
  text: string;
  role: 'user' | 'assistant';
}) {
  return (
    <div className="chat-markdown">
      <Markdown remarkPlugins={remarkPlugins} components={components}>
        {prepareMessage(text, role)}
      </Markdown>
    </div>
  );
});
