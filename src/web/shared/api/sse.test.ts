import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse.ts';

const sample =
  'event: start\ndata: {"replyid":7}\n\n' +
  ': ping\n\n' +
  'event: delta\r\ndata: {"text":"שלום "}\r\n\r\n' +
  'event: delta\rdata: {"text":"world"}\r\r' +
  'data: line one\ndata: line two\n\n' +
  'event: done\ndata: {"Error":0}\n\n';

const expected: SseEvent[] = [
  { event: 'start', data: '{"replyid":7}' },
  { event: 'delta', data: '{"text":"שלום "}' },
  { event: 'delta', data: '{"text":"world"}' },
  { event: 'message', data: 'line one\nline two' },
  { event: 'done', data: '{"Error":0}' },
];

function parse(chunks: string[]): SseEvent[] {
  const out: SseEvent[] = [];
  const p = createSseParser((e) => out.push(e));
  for (const c of chunks) p.push(c);
  p.end();
  return out;
}

describe('createSseParser', () => {
  it('reads events, skips comments, joins data lines, accepts LF, CRLF and CR', () => {
    expect(parse([sample])).toEqual(expected);
  });

  it('gives the same events however the text is split (every split point, and by 1)', () => {
    for (let at = 1; at < sample.length; at++) {
      expect(parse([sample.slice(0, at), sample.slice(at)]), `split at ${at}`).toEqual(expected);
    }
    expect(parse(sample.split(''))).toEqual(expected);
    for (let a = 1; a < sample.length; a += 7)
      for (let b = a + 1; b < sample.length; b += 5)
        expect(parse([sample.slice(0, a), sample.slice(a, b), sample.slice(b)])).toEqual(expected);
  });

  it('a CR at the end of a chunk waits to see whether an LF follows', () => {
    const out = parse(['event: a\r', '\ndata: 1\r', '\n\r', '\n']);
    expect(out).toEqual([{ event: 'a', data: '1' }]);
  });

  it('drops an event the stream cut before its blank line', () => {
    expect(parse(['event: delta\ndata: {"text":"x"}\n'])).toEqual([]);
    expect(parse(['event: delta\ndata: {"text":"x"}'])).toEqual([]);
  });

  it('a field without a value and "data:" without a space', () => {
    expect(parse(['data\n\n', 'data:x\n\n'])).toEqual([
      { event: 'message', data: '' },
      { event: 'message', data: 'x' },
    ]);
  });
});
