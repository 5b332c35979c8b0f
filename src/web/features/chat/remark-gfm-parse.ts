import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** What remark-parse reads its extensions from (unified's processor data). */
interface ParserData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
}

/**
 * GitHub-flavoured Markdown for reading only: remark-gfm's parser half. remark-gfm also
 * registers GFM's serialiser (mdast-util-to-markdown, markdown-table: a fifth of the chat's
 * Markdown code) for turning a tree back into text, which a page that only shows messages
 * never does. Tables, autolinks, strikethrough, task lists and footnotes parse the same.
 */
export function remarkGfmParse(this: { data(): object }) {
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
