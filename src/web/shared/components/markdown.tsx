import { createElement, Fragment, type ComponentType, type JSX, type ReactNode } from 'react';
import { Lexer, type Token, type Tokens } from 'marked';

/** The elements a caller may draw itself (MarkdownProps.components). */
type Tag =
  | 'p'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'h6'
  | 'blockquote'
  | 'ul'
  | 'ol'
  | 'li'
  | 'table'
  | 'th'
  | 'td'
  | 'pre'
  | 'code'
  | 'a'
  | 'img'
  | 'input';

/**
 * A replacement gets the element's props and children, and `plain`: its text without the
 * Markdown (a code block's exactly as written), for its direction or a copy button.
 */
export type MarkdownComponents = {
  [K in Tag]?: ComponentType<JSX.IntrinsicElements[K] & { plain: string }>;
};

export interface MarkdownProps {
  text: string;
  components?: MarkdownComponents | undefined;
  /**
   * What stands for a `[n]` mark in the words (never in code or inside a link): undefined
   * keeps the mark as written.
   */
  mark?: ((n: number) => ReactNode | undefined) | undefined;
}

/**
 * Markdown drawn as React elements, from marked's tokens (marked parses; the elements are
 * ours). Raw HTML is shown as the text it is, never rendered. Links open in a new tab
 * without access to this page; a link or a picture whose address has a scheme other than
 * http(s), mailto, irc(s) or xmpp loses the address (a link keeps its words). GFM: tables,
 * autolinks, strikethrough, read-only task lists.
 */
export function Markdown({ text, components = {}, mark }: MarkdownProps) {
  // GitHub-flavoured Markdown; a newline is a line break (spec part 2 §5). A new options
  // object each time: the lexer keeps its tokenizer in it.
  const tokens = new Lexer({ gfm: true, breaks: true }).lex(text);
  return <>{new Drawer(components, mark).blocks(tokens)}</>;
}

/**
 * A replacement that draws `tag` with a fixed direction: `dir="auto"` for a block that takes
 * its own from its first letter (with `unicode-bidi: plaintext` in the CSS), `ltr` for code.
 */
export function withDir<K extends Tag>(tag: K, dir: 'auto' | 'ltr' | 'rtl') {
  return function Directed({
    plain: _plain,
    ...props
  }: JSX.IntrinsicElements[K] & { plain: string }) {
    return createElement(tag, { ...props, dir });
  };
}

const SAFE_SCHEME = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * The address as given when it is relative or of a safe scheme, else undefined. A colon after
 * the first `/`, `?` or `#` is not a scheme's.
 */
export function safeUrl(url: string): string | undefined {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  for (const c of ['/', '?', '#']) {
    const at = url.indexOf(c);
    if (at !== -1 && at < colon) return url;
  }
  return SAFE_SCHEME.test(url.slice(0, colon)) ? url : undefined;
}

const ENTITY = /&(#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/gi;
const named = new Map<string, string>();

/**
 * The character a named reference stands for, as the browser's parser reads it (a textarea's
 * content is text: no element is made). Only real names are kept (HTML has ~2,000).
 */
function namedEntity(ref: string): string {
  let c = named.get(ref);
  if (c === undefined) {
    const box = document.createElement('textarea');
    box.innerHTML = ref;
    c = box.value;
    if (c !== ref) named.set(ref, c);
  }
  return c;
}

/** marked leaves character references in words for HTML to read; here they are read. */
function decode(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (ref, body: string) => {
    if (body[0] !== '#') return namedEntity(ref);
    const n =
      body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    return n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff)
      ? String.fromCodePoint(n)
      : '\uFFFD';
  });
}

/** The words of tokens, without their Markdown. */
function plainOf(tokens: Token[] | undefined): string {
  if (!tokens) return '';
  return tokens
    .map((t) => {
      switch (t.type) {
        case 'code':
        case 'codespan':
          return t.text as string;
        case 'table': {
          const table = t as Tokens.Table;
          return [table.header, ...table.rows]
            .map((row) => row.map((cell) => plainOf(cell.tokens)).join(' '))
            .join('\n');
        }
        case 'list':
          return (t as Tokens.List).items.map((i) => plainOf(i.tokens)).join('\n');
        case 'br':
          return '\n';
        default:
          if ('tokens' in t && t.tokens) return plainOf(t.tokens);
          return 'text' in t ? decode(String(t.text)) : '';
      }
    })
    .join('');
}

const MARK = /\[(\d{1,3})\]/g;

class Drawer {
  private key = 0;
  private readonly components: MarkdownComponents;
  private readonly mark: MarkdownProps['mark'];
  constructor(components: MarkdownComponents, mark: MarkdownProps['mark']) {
    this.components = components;
    this.mark = mark;
  }

  private el(
    tag: Tag | 'strong' | 'em' | 'del' | 'br' | 'hr' | 'span' | 'thead' | 'tbody' | 'tr',
    props: Record<string, unknown>,
    children: ReactNode,
    plain?: () => string,
  ): ReactNode {
    const own = this.components[tag as Tag] as ComponentType<Record<string, unknown>> | undefined;
    const key = this.key++;
    if (own) return createElement(own, { key, ...props, plain: plain ? plain() : '' }, children);
    return createElement(tag, { key, ...props }, children);
  }

  blocks(tokens: Token[]): ReactNode[] {
    return tokens.map((t) => this.block(t));
  }

  private block(t: Token): ReactNode {
    switch (t.type) {
      case 'space':
        return null;
      case 'paragraph':
        return this.el('p', {}, this.inline(t.tokens), () => plainOf(t.tokens));
      case 'heading':
        return this.el(
          `h${Math.min(6, (t as Tokens.Heading).depth)}` as Tag,
          {},
          this.inline(t.tokens),
          () => plainOf(t.tokens),
        );
      case 'code':
        return this.el(
          'pre',
          {},
          this.el(
            'code',
            t.lang ? { className: `language-${String(t.lang).split(/\s/)[0]}` } : {},
            t.text as string,
            () => t.text as string,
          ),
          () => t.text as string,
        );
      case 'blockquote':
        return this.el('blockquote', {}, this.blocks(t.tokens ?? []), () => plainOf(t.tokens));
      case 'list':
        return this.list(t as Tokens.List);
      case 'table':
        return this.table(t as Tokens.Table);
      case 'hr':
        return this.el('hr', {}, null);
      case 'def':
        // A footnote's text (`[^1]: …`, which this parser does not know) stays as written;
        // a link's definition shows nothing, as in CommonMark.
        return (t as Tokens.Def).tag.startsWith('^')
          ? this.el('p', {}, t.raw.trim(), () => t.raw.trim())
          : null;
      case 'html':
        return this.el('p', {}, t.text as string, () => t.text as string);
      case 'text':
        // A tight list item's words.
        return t.tokens ? this.inline(t.tokens) : this.words(t.text as string);
      default:
        return 'tokens' in t && t.tokens ? this.inline(t.tokens) : this.words(t.raw);
    }
  }

  private list(list: Tokens.List): ReactNode {
    const task = list.items.some((i) => i.task);
    const items = list.items.map((item) =>
      this.el(
        'li',
        item.task ? { className: 'task-list-item' } : {},
        // A tight item's words stand alone; a loose one's are paragraphs.
        item.tokens.map((t) =>
          t.type === 'checkbox'
            ? this.el(
                'input',
                {
                  type: 'checkbox',
                  checked: !!(t as Tokens.Checkbox).checked,
                  disabled: true,
                  readOnly: true,
                },
                null,
              )
            : this.block(t),
        ),
        () => plainOf(item.tokens),
      ),
    );
    const props: Record<string, unknown> = task ? { className: 'contains-task-list' } : {};
    if (list.ordered && list.start !== '' && list.start !== 1) props.start = list.start;
    return this.el(list.ordered ? 'ol' : 'ul', props, items, () => plainOf([list]));
  }

  private table(table: Tokens.Table): ReactNode {
    const cell = (c: Tokens.TableCell) =>
      this.el(
        c.header ? 'th' : 'td',
        c.align ? { style: { textAlign: c.align } } : {},
        this.inline(c.tokens),
        () => plainOf(c.tokens),
      );
    return this.el(
      'table',
      {},
      [
        this.el('thead', {}, this.el('tr', {}, table.header.map(cell))),
        table.rows.length
          ? this.el(
              'tbody',
              {},
              table.rows.map((row) => this.el('tr', {}, row.map(cell))),
            )
          : null,
      ],
      () => plainOf([table]),
    );
  }

  private inline(tokens: Token[] | undefined, inLink = false): ReactNode[] {
    return (tokens ?? []).map((t) => this.span(t, inLink));
  }

  private span(t: Token, inLink: boolean): ReactNode {
    switch (t.type) {
      case 'text':
        return t.tokens
          ? this.inline(t.tokens, inLink)
          : inLink
            ? decode(t.text as string)
            : this.words(t.text as string);
      case 'escape':
        return t.text as string;
      case 'strong':
      case 'em':
      case 'del':
        return this.el(t.type, {}, this.inline(t.tokens, inLink));
      case 'codespan':
        return this.el('code', {}, t.text as string, () => t.text as string);
      case 'br':
        return this.el('br', {}, null);
      case 'link': {
        const link = t as Tokens.Link;
        // A footnote's reference (`[^1]`) stays as written.
        if (link.raw.startsWith('[^')) return link.raw;
        const href = safeUrl(link.href);
        const words = this.inline(link.tokens, true);
        // Not even an empty link (which would open a copy of the app): the words alone.
        if (!href) return this.el('span', {}, words);
        const props: Record<string, unknown> = {
          href,
          target: '_blank',
          rel: 'noopener noreferrer',
        };
        if (link.title) props.title = decode(link.title);
        return this.el('a', props, words, () => plainOf(link.tokens));
      }
      case 'image': {
        const image = t as Tokens.Image;
        const src = safeUrl(image.href);
        if (!src) return decode(image.text);
        const props: Record<string, unknown> = { src, alt: decode(image.text) };
        if (image.title) props.title = decode(image.title);
        return this.el('img', props, null, () => decode(image.text));
      }
      case 'html':
        return t.text as string;
      default:
        return 'tokens' in t && t.tokens ? this.inline(t.tokens, inLink) : (t.raw as string);
    }
  }

  /** Words, with the `[n]` marks MarkdownProps.mark draws. */
  private words(raw: string): ReactNode {
    const text = decode(raw);
    if (!this.mark || !text.includes('[')) return text;
    const out: ReactNode[] = [];
    let last = 0;
    for (const m of text.matchAll(MARK)) {
      const drawn = this.mark(Number(m[1]));
      if (drawn === undefined) continue;
      if (m.index > last) out.push(text.slice(last, m.index));
      out.push(createElement(Fragment, { key: this.key++ }, drawn));
      last = m.index + m[0].length;
    }
    if (last === 0) return text;
    if (last < text.length) out.push(text.slice(last));
    return out;
  }
}
