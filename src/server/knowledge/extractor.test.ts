import { afterAll, describe, expect, it } from 'vitest';
import { buildBigDocx, buildDocx, buildPdf, withDeclaredSizes } from '../test/fixtures.ts';
import { ExtractError } from './extract-error.ts';
import { createExtractor, type Extractor, type StartTimer } from './extractor.ts';

const text = (p: Promise<{ text: string }>) => p.then((r) => r.text);
const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: unknown) => (err instanceof ExtractError ? err.reason : String(err)),
  );

describe('extraction in a worker pool', () => {
  const pools: Extractor[] = [];
  const pool = (workers: number, maxQueue: number, timer?: StartTimer) => {
    const p = createExtractor({
      workers,
      maxQueue,
      limits: { maxUnzippedBytes: 1024 * 1024 },
      timeLimitMs: 60_000,
      timer,
    });
    pools.push(p);
    return p;
  };
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  it('pdf, docx and html come back as text from the worker (its .ts file loaded by Node)', async () => {
    const x = pool(1, 4);
    // Pages stay apart with a form feed: chapters and pages are found from it when indexing.
    expect(await text(x.extract('pdf', buildPdf([['Page one'], ['Page two']])))).toBe(
      'Page one\n\f\nPage two',
    );
    expect(await text(x.extract('docx', buildDocx(['שלום', 'world'])))).toBe('שלום\n\nworld');
    expect(await text(x.extract('html', Buffer.from('<p>a</p><script>b</script>')))).toBe('a');
  });

  it('refusals keep their reason across the thread boundary', async () => {
    const x = pool(1, 4);
    const bomb = withDeclaredSizes(buildBigDocx(2 * 1024 * 1024), 64);
    expect(await reason(x.extract('docx', bomb))).toBe('inflated');
    expect(await reason(x.extract('pdf', Buffer.from('not a pdf')))).toBe('corrupt');
    expect(await reason(x.extract('txt', Buffer.alloc(0)))).toBe('empty');
  });

  it('a full queue refuses at once as busy; the files already taken still finish', async () => {
    const x = pool(1, 1);
    const running = text(x.extract('txt', Buffer.from('first')));
    const waiting = text(x.extract('txt', Buffer.from('second')));
    // Both slots are taken until those settle, which cannot happen before this line runs.
    expect(await reason(x.extract('txt', Buffer.from('third')))).toBe('busy');
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second']);
    expect(await text(x.extract('txt', Buffer.from('fourth')))).toBe('fourth');
  });

  /** Time limits that run out only when the test says so. */
  const manualTimer = () => {
    const pending = new Set<() => void>();
    const start: StartTimer = (_ms, fire) => {
      pending.add(fire);
      return () => pending.delete(fire);
    };
    return {
      start,
      pending: () => pending.size,
      runOut() {
        for (const fire of [...pending]) {
          pending.delete(fire);
          fire();
        }
      },
    };
  };

  it('a file past the time limit is stopped and refused; the next file gets a new worker', async () => {
    const clock = manualTimer();
    const x = pool(1, 4, clock.start);
    // The worker took it (its limit started) and is reading it when the limit runs out.
    const slow = reason(x.extract('html', Buffer.from('<p>slow</p>'.repeat(50_000)), 'a'));
    expect(clock.pending()).toBe(1);
    clock.runOut();
    expect(await slow).toBe('timeout');
    // The aborted worker is gone; another reads the next file, whose limit does not run out.
    expect(await text(x.extract('txt', Buffer.from('after'), 'b'))).toBe('after');
    expect(clock.pending()).toBe(0);
  });

  it("the worker takes owners' files in turn: one user's pile does not hold back another's", async () => {
    const x = pool(1, 8);
    const done: string[] = [];
    const file = (owner: string, name: string) =>
      x.extract('txt', Buffer.from(name), owner).then((t) => void done.push(t.text));
    // a1 is taken at once; a2, a3 and b1 wait. Next comes b (the next owner), then a's rest.
    await Promise.all([file('a', 'a1'), file('a', 'a2'), file('a', 'a3'), file('b', 'b1')]);
    expect(done).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('one owner cannot take the whole queue: past their share they are busy, others are not', async () => {
    // 1 worker + 4 waiting = 5 places; one owner may hold all but half the queue's: 3.
    const x = pool(1, 4);
    const mine = ['1', '2', '3'].map((n) => text(x.extract('txt', Buffer.from(n), 'a')));
    expect(await reason(x.extract('txt', Buffer.from('4'), 'a'))).toBe('busy');
    expect(await text(x.extract('txt', Buffer.from('theirs'), 'b'))).toBe('theirs');
    expect(await Promise.all(mine)).toEqual(['1', '2', '3']);
  });
});
