import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { MessageMarkdown } from './message-markdown.tsx';
import { prepareMessage } from './message-text.ts';

describe('message text', () => {
  it('a [speaker]: tag at a line start becomes bold; code blocks are left alone', () => {
    expect(prepareMessage('[Watson]: Indeed.\nHe said [x]: y', 'assistant')).toBe(
      '**Watson:** Indeed.\nHe said [x]: y',
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
    const link = screen.getByText('click').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('a newline is a line break; a speaker tag is bold', () => {
    const c = show('[Watson]: one\ntwo');
    expect(c.querySelector('br')).not.toBeNull();
    expect(c.querySelector('strong')).toHaveTextContent('Watson:');
  });
});
