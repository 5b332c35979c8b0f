import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../protocol/errors.ts';
import { AppError, refusal } from './errors.ts';
import { messageTables, msg } from './wording.ts';
import { failureOf } from './rpc/dispatcher.ts';

const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  const entries = Object.entries(messageTables).flatMap(([table, texts]) =>
    Object.entries(texts as Record<string, { he: string; en: string }>).map(
      ([key, t]) => [table, key, t] as const,
    ),
  );

  it('has every text in Hebrew and English, with the same {places}', () => {
    const broken = entries
      .filter(
        ([, , t]) => !t.he.trim() || !t.en.trim() || places(t.he).join() !== places(t.en).join(),
      )
      .map(([table, key]) => `${table}.${key}`);
    expect(broken).toEqual([]);
    expect(entries.length).toBeGreaterThan(150);
  });

  it('has no key in two tables (a later one would hide the first)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [table, key] of entries) {
      if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${table}`);
      seen.set(key, table);
    }
    expect(twice).toEqual([]);
  });

  it('words a text in the language asked for, its places filled', () => {
    expect(msg('accessTooMany', 'en', { max: '7' })).toBe(
      'This character already has the most addresses allowed (7)',
    );
    expect(msg('accessTooMany', 'he', { max: '7' })).toContain('(7)');
    expect(msg('cardTooLarge', 'en', { max: '2' })).toBe(
      'The card file is too large: at most 2 MB.',
    );
  });
});

describe('refusals', () => {
  it('a keyed refusal is worded in the caller language when answered', () => {
    const err = refusal(ErrorCode.BAD_INPUT, 'accessTooMany', { max: '3' }, { retry: 1 });
    expect(err.message).toBe('accessTooMany');
    expect(failureOf(err, 'en').body).toEqual({
      Error: ErrorCode.BAD_INPUT,
      Errstr: 'This character already has the most addresses allowed (3)',
      retry: 1,
    });
    expect(failureOf(err, 'he').body.Errstr).toBe(msg('accessTooMany', 'he', { max: '3' }));
  });

  it('a refusal without a text gets the generic one of its code', () => {
    const he = failureOf(new AppError(ErrorCode.FORBIDDEN), 'he').body.Errstr;
    const en = failureOf(new AppError(ErrorCode.FORBIDDEN), 'en').body.Errstr;
    expect(typeof en).toBe('string');
    expect(en).not.toBe('');
    expect(he).not.toBe(en);
  });
});

describe('refusal extra fields', () => {
  it('a field set to REFUSAL_TEXT repeats the worded text', async () => {
    const { REFUSAL_TEXT } = await import('./errors.ts');
    const err = refusal(ErrorCode.FORBIDDEN, 'statNoRight', undefined, {
      ErrorMessage: REFUSAL_TEXT,
    });
    const body = failureOf(err, 'en').body;
    expect(body.ErrorMessage).toBe(msg('statNoRight', 'en'));
    expect(body.Errstr).toBe(body.ErrorMessage);
  });
});
