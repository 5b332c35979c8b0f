import { describe, expect, it } from 'vitest';
import { cleanStrings, cleanText } from './input-text.ts';

describe('control characters in input', () => {
  it('a NUL refuses the text; other C0 controls go, tab and line breaks stay', () => {
    expect(cleanText('a\u0000b')).toBeNull();
    expect(cleanText('tab\there\r\nline')).toBe('tab\there\r\nline');
    expect(cleanText('bell\u0007 esc\u001B[0m del\u007F')).toBe('bell esc[0m del\u007F');
    // PowerPoint and Word paste line breaks as a vertical tab; a form feed is a page break.
    expect(cleanText('one\u000Btwo\u000Cthree')).toBe('one\ntwo\nthree');
    expect(cleanText('שלום')).toBe('שלום');
  });

  it('cleans every string in place and names the first field with a NUL', () => {
    const body = {
      name: 'A\u0001B',
      chapters: [{ n: 1, line: 'ok\u0002' }],
      deep: { list: ['x', 'y'] },
    };
    expect(cleanStrings(body)).toBeNull();
    expect(body).toEqual({
      name: 'AB',
      chapters: [{ n: 1, line: 'ok' }],
      deep: { list: ['x', 'y'] },
    });
    expect(cleanStrings({ chapters: [{ n: 1, line: 'a\u0000' }] })).toEqual({
      nulAt: 'chapters.0.line',
    });
    expect(cleanStrings('bare\u0000')).toEqual({ nulAt: '(body)' });
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let v: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) v = [v];
    expect(cleanStrings(v)?.nulAt.split('.').length).toBe(200_000);
  });

  it('an own __proto__ key is cleaned as a plain property, never reaching the prototype', () => {
    const body = JSON.parse('{"__proto__": {"polluted": "yes\\u0001"}, "a": "b\\u0001"}') as Record<
      string,
      unknown
    >;
    expect(cleanStrings(body)).toBeNull();
    expect(body.a).toBe('b');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
  });

  it('an unpaired surrogate becomes U+FFFD; a pair (an emoji) stays', () => {
    expect(cleanText('a\ud835b')).toBe('a\ufffdb');
    expect(cleanText('\udc00x\ud800')).toBe('\ufffdx\ufffd');
    expect(cleanText('\udc00\ud800')).toBe('\ufffd\ufffd');
    expect(cleanText('ok 🙂 \ud83d\ude42')).toBe('ok 🙂 🙂');
    const v = { subject: 'x\ud834' };
    expect(cleanStrings(v)).toBeNull();
    expect(v.subject).toBe('x\ufffd');
  });
});
