import { describe, expect, it } from 'vitest';
import { createSpeechQueue, type SpeechClip } from './speech-queue.ts';
import { createSentenceFeed, sentencesOf } from './sentences.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Fetches and plays under the test's control: nothing happens until the test says so. */
function harness() {
  const fetches: { text: string; done: ReturnType<typeof deferred<SpeechClip | null>> }[] = [];
  const plays: { text: string; done: ReturnType<typeof deferred<void>> }[] = [];
  const logged: unknown[] = [];
  const q = createSpeechQueue({
    fetchClip: (text) => {
      const done = deferred<SpeechClip | null>();
      fetches.push({ text, done });
      return done.promise;
    },
    play: (clip) => {
      const done = deferred<void>();
      plays.push({ text: (clip.blob as unknown as { text: string }).text, done });
      return done.promise;
    },
    onChange: () => {},
    log: (e) => logged.push(e),
  });
  const clip = (text: string): SpeechClip => ({
    blob: { text } as unknown as Blob,
    offline: false,
  });
  return { q, fetches, plays, logged, clip };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('speech queue: sentence by sentence, in order', () => {
  it('plays the first sentence as soon as it is made, prefetching at most two ahead', async () => {
    const h = harness();
    const done = h.q.start(7, ['One sentence here, long enough.', 'Two', 'Three', 'Four'], true);
    await settle();
    expect(h.fetches.map((f) => f.text)).toEqual([
      'One sentence here, long enough.',
      'Two',
      'Three',
    ]);
    h.fetches[0]!.done.resolve(h.clip('1'));
    await settle();
    expect(h.plays.map((p) => p.text)).toEqual(['1']);
    // The second arrives late, the third early: order is kept.
    h.fetches[2]!.done.resolve(h.clip('3'));
    h.plays[0]!.done.resolve();
    await settle();
    expect(h.plays).toHaveLength(1);
    h.fetches[1]!.done.resolve(h.clip('2'));
    await settle();
    expect(h.plays.map((p) => p.text)).toEqual(['1', '2']);
    expect(h.fetches).toHaveLength(4);
    h.plays[1]!.done.resolve();
    await settle();
    h.plays[2]!.done.resolve();
    h.fetches[3]!.done.resolve(null); // failed: skipped
    expect(await done).toBe(true);
    expect(h.plays.map((p) => p.text)).toEqual(['1', '2', '3']);
  });

  it('takes sentences while the answer streams, and ends when closed', async () => {
    const h = harness();
    const done = h.q.start(9);
    h.q.add(9, ['First streamed sentence.']);
    await settle();
    h.fetches[0]!.done.resolve(h.clip('a'));
    await settle();
    h.plays[0]!.done.resolve();
    h.q.add(8, ['another answer: ignored']);
    h.q.add(9, ['Second one.']);
    await settle();
    h.fetches[1]!.done.resolve(h.clip('b'));
    await settle();
    h.q.close(9);
    h.plays[1]!.done.resolve();
    expect(await done).toBe(true);
    expect(h.fetches.map((f) => f.text)).toEqual(['First streamed sentence.', 'Second one.']);
  });

  it('stop ends playback and drops the rest', async () => {
    const h = harness();
    const done = h.q.start(3, ['a long first sentence to read', 'b'], true);
    await settle();
    h.fetches[0]!.done.resolve(h.clip('a'));
    await settle();
    h.q.stop();
    expect(await done).toBe(false);
    expect(h.q.current).toBeNull();
  });
});

describe('sentences of a growing answer', () => {
  it('waits for the unfinished last sentence; joins short ones', () => {
    const feed = createSentenceFeed('he');
    expect(feed.take('שלום ווטסון. ', false)).toEqual([]);
    expect(feed.take('שלום ווטסון. המקרה הזה מסקרן מאוד, בוא נצא לדרך. ועכשיו', false)).toEqual([
      'שלום ווטסון. המקרה הזה מסקרן מאוד, בוא נצא לדרך.',
    ]);
    expect(
      feed.take('שלום ווטסון. המקרה הזה מסקרן מאוד, בוא נצא לדרך. ועכשיו לבייקר סטריט.', true),
    ).toEqual(['ועכשיו לבייקר סטריט.']);
    expect(sentencesOf('Yes. The game is afoot, Watson! Come at once.', 'en')).toEqual([
      'Yes. The game is afoot, Watson!',
      'Come at once.',
    ]);
  });
});
