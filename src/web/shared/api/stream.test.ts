import { describe, expect, it, vi } from 'vitest';
import { controlledStream, sseText, stubStreams, streamedBodies } from '../../test/sse-stub.ts';
import { NetworkError } from './errors.ts';
import { streamCall, StreamCutError } from './stream.ts';

describe('streamCall', () => {
  it('posts the action asking for text/event-stream and hands out the events', async () => {
    const bytes = new TextEncoder().encode(
      sseText('start', { replyid: 3, subject: 'S' }) +
        sseText('delta', { text: 'שלום ' }) +
        sseText('restart', {}) +
        sseText('delta', { text: 'עולם' }) +
        sseText('done', { Error: 0, replyid: 3, message: 'עולם', status: 'done' }),
    );
    const s = controlledStream();
    // Chunks of 5 bytes: Hebrew letters (2 bytes each) are split between chunks.
    for (let i = 0; i < bytes.length; i += 5) s.raw(bytes.slice(i, i + 5));
    s.end();
    const fetchMock = stubStreams(() => s.response);
    const onStart = vi.fn();
    const deltas: string[] = [];
    const onRestart = vi.fn();
    const answer = await streamCall(
      'FollowReply',
      { replyid: 3, offset: 2 },
      { onStart, onDelta: (t) => deltas.push(t), onRestart },
    );
    expect(answer).toMatchObject({ Error: 0, replyid: 3, message: 'עולם' });
    expect(onStart).toHaveBeenCalledWith({ replyid: 3, subject: 'S' });
    expect(deltas).toEqual(['שלום ', 'עולם']);
    expect(onRestart).toHaveBeenCalledTimes(1);
    expect(streamedBodies(fetchMock)).toEqual([{ action: 'FollowReply', replyid: 3, offset: 2 }]);
    const init = fetchMock.mock.calls.find(([u]) => u === '/api')![1]!;
    expect((init.headers as Record<string, string>).Accept).toBe('text/event-stream');
    expect(init.headers as Record<string, string>).toHaveProperty('X-XSRF-TOKEN');
  });

  it('a refusal before streaming comes back as plain JSON', async () => {
    stubStreams(
      () =>
        new Response(JSON.stringify({ Error: 4, Errstr: 'no permission' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const onDelta = vi.fn();
    expect(await streamCall('RetryReply', { replyid: 1 }, { onDelta })).toEqual({
      Error: 4,
      Errstr: 'no permission',
    });
    expect(onDelta).not.toHaveBeenCalled();
  });

  it('a stream that ends or breaks before `done` throws StreamCutError', async () => {
    const s = controlledStream();
    s.send('start', { replyid: 9, subject: 'S' });
    s.send('delta', { text: 'half' });
    s.end();
    stubStreams(() => s.response);
    await expect(streamCall('FollowReply', { replyid: 9 }, {})).rejects.toBeInstanceOf(
      StreamCutError,
    );

    const b = controlledStream();
    b.send('delta', { text: 'x' });
    stubStreams(() => b.response);
    const p = streamCall('FollowReply', { replyid: 9 }, {});
    b.cut();
    await expect(p).rejects.toBeInstanceOf(StreamCutError);
  });

  it('no connection: NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(streamCall('FollowReply', { replyid: 1 }, {})).rejects.toBeInstanceOf(
      NetworkError,
    );
  });
});
