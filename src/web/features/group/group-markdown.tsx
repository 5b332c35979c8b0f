import { memo } from 'react';
import { Markdown, withDir, type MarkdownComponents } from '../../shared/components/markdown.tsx';
import { listComponents } from '../../shared/components/message-markdown.tsx';

/**
 * An answer's Markdown. Each block takes its own direction (dir="auto" with
 * `unicode-bidi: plaintext`), so mixed Hebrew and English reads right; code stays left to
 * right; raw HTML is shown as text; links open in a new tab (Markdown.tsx).
 */
const components: MarkdownComponents = {
  p: withDir('p', 'auto'),
  ...listComponents,
  h1: withDir('h3', 'auto'),
  h2: withDir('h3', 'auto'),
  h3: withDir('h4', 'auto'),
  blockquote: withDir('blockquote', 'auto'),
  pre: withDir('pre', 'ltr'),
  code: withDir('code', 'ltr'),
};

export const GroupMarkdown = memo(function GroupMarkdown({ text }: { text: string }) {
  return (
    <div className="group-markdown">
      <Markdown text={text} components={components} />
    </div>
  );
});
