import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameCoalescer } from './sse.ts';

describe('frameCoalescer', () => {
  let out: [string, unknown][];
  let frames: ReturnType<typeof frameCoalescer>;
  beforeEach(() => {
    vi.useFakeTimers();
    out = [];
    frames = frameCoalescer((event, data) => out.push([event, data]), 40);
  });
  afterEach(() => {
    frames.end();
    vi.useRealTimers();
  });

  it('sends the first delta at once, then one event per frame with the text of the frame', () => {
    frames.send('delta', { text: 'He' });
    expect(out).toEqual([['delta', { text: 'He' }]]);
    frames.send('delta', { text: 'll' });
    frames.send('delta', { text: 'o' });
    expect(out).toHaveLength(1);
    vi.advanceTimersByTime(40);
    expect(out).toEqual([
      ['delta', { text: 'He' }],
      ['delta', { text: 'llo' }],
    ]);
    // A quiet frame ends the frames: the next delta leaves at once again.
    vi.advanceTimersByTime(40);
    frames.send('delta', { text: '!' });
    expect(out.at(-1)).toEqual(['delta', { text: '!' }]);
    expect(out).toHaveLength(3);
  });

  it('keeps order: any other event first sends the pending text', () => {
    frames.send('delta', { text: 'a' });
    frames.send('delta', { text: 'b' });
    frames.send('restart', {});
    frames.send('delta', { text: 'c' });
    frames.send('done', { Error: 0 });
    expect(out).toEqual([
      ['delta', { text: 'a' }],
      ['delta', { text: 'b' }],
      ['restart', {}],
      ['delta', { text: 'c' }],
      ['done', { Error: 0 }],
    ]);
  });

  it('never joins the text of two group replies, and end() sends what is pending', () => {
    frames.send('delta', { replyid: 1, text: 'x' });
    frames.send('delta', { replyid: 1, text: 'y' });
    frames.send('delta', { replyid: 2, text: 'z' });
    frames.end();
    expect(out).toEqual([
      ['delta', { replyid: 1, text: 'x' }],
      ['delta', { replyid: 1, text: 'y' }],
      ['delta', { replyid: 2, text: 'z' }],
    ]);
  });
});
