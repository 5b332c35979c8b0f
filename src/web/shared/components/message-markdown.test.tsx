import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { MessageMarkdown } from './message-markdown.tsx';
import { prepareMessage } from './message-text.ts';

describe('message text', () => {
  it('a [speaker]: tag becomes bold anywhere in a line; code is left alone', () => {
    expect(prepareMessage('[Watson]: Indeed.\nHe said [x]: y', 'assistant')).toBe(
      '**Watson:** Indeed.\nHe said **x:** y',
    );
    expect(prepareMessage('Then `[a]: b` and [Holmes]: no', 'assistant')).toBe(
      'Then `[a]: b` and **Holmes:** no',
    );
    expect(prepareMessage('```\n[a]: b\n```\n[c]: d', 'assistant')).toBe(
      '```\n[a]: b\n```\n**c:** d',
    );
  });

  it('answers do not show the markers the server acted on; user text is kept', () => {
    expect(prepareMessage('Done. ::(New name)::', 'assistant')).toBe('Done.');
    expect(prepareMessage('About him : @@holmes@@ here', 'assistant')).toBe('About him here');
    expect(prepareMessage('Done. ::(New name)::', 'user')).toBe('Done. ::(New name)::');
  });
});

describe('MessageMarkdown', () => {
  const show = (text: string, role: 'user' | 'assistant' = 'assistant') =>
    renderScreen(<MessageMarkdown text={text} role={role} />).container;

  it('renders Markdown; each paragraph takes its own direction; code stays left to right', () => {
    const c = show('**שלום** world\n\nEnglish first, אחר כך עברית\n\n```\nconst x = 1;\n```');
    const paragraphs = c.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    paragraphs.forEach((p) => expect(p).toHaveAttribute('dir', 'auto'));
    expect(c.querySelector('strong')).toHaveTextContent('שלום');
    expect(c.querySelector('pre')).toHaveAttribute('dir', 'ltr');
    expect(c.querySelector('pre code')).toHaveTextContent('const x = 1;');
  });

  it('a list mixing Hebrew and English keeps its bullets on one side; each item reads in its own direction', () => {
    const c = show(
      'רשימה:\n\n- ספר ראשון\n- The second book\n- שלישי with English\n\n1. One\n2. שתיים',
    );
    const ul = c.querySelector('ul')!;
    expect(ul).toHaveAttribute('dir', 'rtl');
    expect(c.querySelector('ol')).toHaveAttribute('dir', 'ltr');
    const items = ul.querySelectorAll(':scope > li');
    expect(items).toHaveLength(3);
    items.forEach((li) => {
      // The bullet's side is the list's: no direction of its own on the item...
      expect(li).not.toHaveAttribute('dir');
      // ...its words isolated in their own direction.
      expect(li.firstElementChild).toHaveAttribute('dir', 'auto');
    });
    expect(items[1]!.firstElementChild).toHaveTextContent('The second book');
  });

  it('links open in a new tab without access to this page', () => {
    show('Read [this](https://example.com/a) now');
    const a = screen.getByRole('link', { name: 'this' });
    expect(a).toHaveAttribute('href', 'https://example.com/a');
    expect(a).toHaveAttribute('target', '_blank');
    expect(a.getAttribute('rel')).toContain('noopener');
  });

  it('raw HTML is not rendered and script links are dropped', () => {
    const c = show('<img src=x onerror="alert(1)"> <b>bold?</b>\n\n[click](javascript:alert(1))');
    expect(c.querySelector('img')).toBeNull();
    expect(c.querySelector('b')).toBeNull();
    // Not even an empty link (which would open a copy of the app): plain words.
    expect(screen.getByText('click').closest('a')).toBeNull();
    expect(c.querySelector('a')).toBeNull();
  });

  it('a newline is a line break; a speaker tag is bold', () => {
    const c = show('[Watson]: one\ntwo');
    expect(c.querySelector('br')).not.toBeNull();
    expect(c.querySelector('strong')).toHaveTextContent('Watson:');
  });

  it('GFM: a table scrolls in its own box and takes the direction of its text', () => {
    const c = show(
      '| שם | תפקיד |\n| --- | --- |\n| הולמס | בלש |\n\n| name | role |\n|---|---|\n| Watson | doctor |',
    );
    const boxes = c.querySelectorAll('[data-testid="chat-md-table"]');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toHaveAttribute('dir', 'rtl');
    expect(boxes[1]).toHaveAttribute('dir', 'ltr');
    expect(boxes[0]!.querySelector('table td')).toHaveTextContent('הולמס');
  });

  it('GFM: autolinks, strikethrough and read-only task lists', () => {
    const c = show('See https://example.org/x and ~~old~~ new\n\n- [x] done\n- [ ] todo');
    expect(screen.getByRole('link', { name: 'https://example.org/x' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(c.querySelector('del')).toHaveTextContent('old');
    const boxes = c.querySelectorAll('input[type="checkbox"]');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toBeChecked();
    boxes.forEach((b) => expect(b).toBeDisabled());
  });

  it('a Hebrew block quote is right to left, so its bar is at the start (right) side', () => {
    const c = show('> ציטוט מהספר\n> שורה שנייה\n\n> An English quote');
    const quotes = c.querySelectorAll('blockquote');
    expect(quotes[0]).toHaveAttribute('dir', 'rtl');
    expect(quotes[1]).toHaveAttribute('dir', 'ltr');
  });

  it('a code block has a copy button that copies the code', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    show('```js\nconst x = 1;\n```');
    // Named for screen readers (the page here is in Hebrew, the default).
    screen.getByRole('button', { name: 'העתקת הקוד' }).click();
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('const x = 1;'));
    expect(await screen.findByRole('status')).toHaveTextContent('הועתק');
  });
});
