import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, safeUrl } from './markdown.tsx';

const html = (text: string, mark?: (n: number) => string | undefined) =>
  render(<Markdown text={text} mark={mark} />).container.innerHTML;

describe('Markdown', () => {
  it('reads character references in words, and leaves code as written', () => {
    const c = render(
      <Markdown text={'Tom &amp; Jerry &lt;3 &copy; &#x41;&#66; & co `&amp;`'} />,
    ).container;
    expect(c.querySelector('p')!.firstChild!.textContent).toBe('Tom & Jerry <3 © AB & co ');
    expect(c.querySelector('code')).toHaveTextContent('&amp;', { normalizeWhitespace: false });
  });

  it('shows raw HTML as the text it is', () => {
    const c = render(
      <Markdown text={'<div onclick="x()">block</div>\n\nan <b>inline</b> tag'} />,
    ).container;
    expect(c.querySelector('div, b')).toBeNull();
    expect(c).toHaveTextContent('<div onclick="x()">block</div>');
    expect(c).toHaveTextContent('an <b>inline</b> tag');
  });

  it('keeps a footnote as written (this parser has none): no words are lost', () => {
    const c = render(<Markdown text={'As said[^1].\n\n[^1]: Chapter 3.'} />).container;
    expect(c.querySelector('a')).toBeNull();
    expect(c).toHaveTextContent('As said[^1].');
    expect(c).toHaveTextContent('[^1]: Chapter 3.');
  });

  it('draws [n] marks in words only, never in code or in a link', () => {
    const out = html('See [1] and [2], `[1]`, [a [1]](https://x.org)', (n) =>
      n === 1 ? '①' : undefined,
    );
    expect(out).toContain('See ① and [2], <code>[1]</code>');
    expect(out).toContain('>a [1]</a>');
  });

  it('ordered lists keep their start; headings, rules, pictures and line breaks', () => {
    const c = render(
      <Markdown
        text={
          '# Title\n\n3. c\n4. d\n\n---\n\n![a cat](https://x.org/c.png "Cat &amp; co")\none\ntwo'
        }
      />,
    ).container;
    expect(c.querySelector('h1')).toHaveTextContent('Title');
    expect(c.querySelector('ol')).toHaveAttribute('start', '3');
    expect(c.querySelector('hr')).not.toBeNull();
    const img = c.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://x.org/c.png');
    expect(img).toHaveAttribute('alt', 'a cat');
    expect(img).toHaveAttribute('title', 'Cat & co');
    expect(c.querySelectorAll('br')).toHaveLength(2);
  });

  it('a picture from an unsafe address shows its words', () => {
    const c = render(<Markdown text={'![the words](javascript:alert(1))'} />).container;
    expect(c.querySelector('img')).toBeNull();
    expect(c).toHaveTextContent('the words');
  });

  it('a table cell keeps its alignment', () => {
    const c = render(<Markdown text={'| a | b |\n|:-|-:|\n| 1 | 2 |'} />).container;
    expect(c.querySelectorAll('th')).toHaveLength(2);
    expect(c.querySelectorAll('td')[1]).toHaveStyle({ textAlign: 'right' });
  });
});

describe('safeUrl', () => {
  it('keeps relative addresses and the safe schemes, drops the rest', () => {
    for (const ok of [
      'https://a.org/x',
      'HTTP://a.org',
      'mailto:a@b.org',
      '/path',
      'page?x=a:b',
      '#top:1',
      'a/b:c',
    ])
      expect(safeUrl(ok)).toBe(ok);
    for (const bad of ['javascript:alert(1)', 'JavaScript:x', 'data:text/html,x', 'vbscript:x'])
      expect(safeUrl(bad)).toBeUndefined();
  });
});
