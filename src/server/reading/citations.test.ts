import { describe, expect, it } from 'vitest';
import type { Passage } from '../knowledge/retrieval.ts';
import { resolveCitations, sourceLabel } from './citations.ts';

const passage = (text: string, chapter: number | null = null, page: number | null = null) =>
  ({
    text,
    score: 1,
    seq: 0,
    chapter,
    page,
    source: { kind: 'file', num: 1, title: 'The Book' },
  }) satisfies Passage;

const sent = [passage('first', 2), passage('second', null, 14)];

describe('citations', () => {
  it('keeps marks of sent passages and drops invented ones', () => {
    const r = resolveCitations('A fact [1]. Another [3], and both [1, 2]. Made up [0].', sent);
    expect(r.content).toBe('A fact [1]. Another, and both [1][2]. Made up.');
    expect(r.citations.map((c) => c.n)).toEqual([1, 2]);
    expect(r.citations[0]).toMatchObject({
      kind: 'file',
      title: 'The Book',
      chapter: 2,
      text: 'first',
    });
    expect(r.citations[1]).toMatchObject({ page: 14 });
    expect(r.citations[1]!.chapter).toBeUndefined();
  });

  it('leaves links, references and code alone', () => {
    const text = 'See [2](https://x.example) and `arr[5]`:\n```\nx[9] = 1\n```\n[7]: note';
    expect(resolveCitations(text, sent)).toEqual({ content: text, citations: [] });
  });

  it('with nothing sent, every mark is invented', () => {
    expect(resolveCitations('Hello [1].', []).content).toBe('Hello.');
  });

  it('labels a source with its chapter and page in the prompt language', () => {
    expect(sourceLabel(passage('x', 3, 7), 'en')).toBe('The Book, chapter 3, page 7');
    expect(sourceLabel(passage('x', 3), 'he')).toBe('The Book, פרק 3');
    expect(sourceLabel(passage('x', 0), 'en')).toBe('The Book');
  });
});
