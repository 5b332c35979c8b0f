import { afterAll, describe, expect, it } from 'vitest';
import { buildBigDocx, buildDocx, buildPdf, withDeclaredSizes } from '../test/fixtures.ts';
import { ExtractError } from './extract-error.ts';
import { createExtractor, type Extractor } from './extractor.ts';

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: unknown) => (err instanceof ExtractError ? err.reason : String(err)),
  );

describe('extraction in a worker pool', () => {
  const pools: Extractor[] = [];
  const pool = (workers: number, maxQueue: number) => {
    const p = createExtractor({ workers, maxQueue, limits: { maxUnzippedBytes: 1024 * 1024 } });
    pools.push(p);
    return p;
  };
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  it('pdf, docx and html come back as text from the worker (its .ts file loaded by Node)', async () => {
    const x = pool(1, 4);
    // Pages stay apart with a form feed: chapters and pages are found from it when indexing.
    expect(await x.extract('pdf', buildPdf([['Page one'], ['Page two']]))).toBe(
      'Page one\n\f\nPage two',
    );
    expect(await x.extract('docx', buildDocx(['שלום', 'world']))).toBe('שלום\n\nworld');
    expect(await x.extract('html', Buffer.from('<p>a</p><script>b</script>'))).toBe('a');
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
    const running = x.extract('txt', Buffer.from('first'));
    const waiting = x.extract('txt', Buffer.from('second'));
    // Both slots are taken until those settle, which cannot happen before this line runs.
    expect(await reason(x.extract('txt', Buffer.from('third')))).toBe('busy');
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second']);
    expect(await x.extract('txt', Buffer.from('fourth'))).toBe('fourth');
  });
});
