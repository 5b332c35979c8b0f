import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaKit, type MediaKit } from './media-test-kit.ts';

describe('embeddings port', () => {
  let kit: MediaKit;
  beforeAll(async () => {
    kit = await startMediaKit();
  });
  afterAll(() => kit.close());

  it('offline: answers null (retrieval goes on by full-text search) and meters nothing', async () => {
    const e = kit.ports({}).embeddings;
    expect(e.available).toBe(false);
    expect(e.describe()).toMatchObject({ model: null, variable: 'EMBEDDING_MODEL' });
    const before = (await kit.usage()).length;
    expect(await e.embed(['שלום'])).toBeNull();
    expect((await kit.usage()).length).toBe(before);
  });

  it('OpenAI: vectors per text with their dimensions; tokens metered', async () => {
    const e = kit.ports(kit.env.openai).embeddings;
    expect(e.describe()).toMatchObject({ provider: 'openai', model: 'text-embedding-3-small' });
    const r = await e.embed(['the speckled band', 'הכלב של בני בסקרוויל'], {
      userId: kit.userId,
    });
    expect(r).toMatchObject({ dimensions: 8, model: 'text-embedding-3-small' });
    expect(r!.vectors).toHaveLength(2);
    expect(r!.vectors[0]).toHaveLength(8);
    expect(r!.vectors[0]).not.toEqual(r!.vectors[1]);
    const sent = kit.fake.media.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/embeddings', model: 'text-embedding-3-small' });
    expect(sent.body.input).toEqual(['the speckled band', 'הכלב של בני בסקרוויל']);
    expect((await kit.usage()).at(-1)).toMatchObject({
      userId: kit.userId,
      kind: 'embedding',
      provider: 'openai',
      tokensIn: 7,
    });
  });

  it('a compatible server with EMBEDDING_MODEL; an empty list costs no call', async () => {
    const e = kit.ports({
      ...kit.env.compatible,
      EMBEDDING_MODEL: 'compatible:nomic-embed-text',
    }).embeddings;
    const calls = kit.fake.media.requests.length;
    expect(await e.embed([])).toEqual({ vectors: [], dimensions: 0, model: 'nomic-embed-text' });
    expect(kit.fake.media.requests.length).toBe(calls);
    const r = await e.embed(['Irene Adler']);
    expect(r!.vectors).toHaveLength(1);
    expect(kit.fake.media.requests.at(-1)).toMatchObject({ model: 'nomic-embed-text' });
    expect((await kit.usage()).at(-1)).toMatchObject({ provider: 'compatible', tokensIn: 2 });
  });
});
