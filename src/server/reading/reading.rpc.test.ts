import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { friends, users } from '../db/schema.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { knowledgeOn } from '../test/services.ts';
import { chatTestBed } from '../chat/chat-test-kit.ts';
import { postForm } from '../test/fixtures.ts';
import { rpc, testDatabases } from '../test/harness.ts';
import type { FakeRequest } from '../test/fake-openai.ts';

/** A small book with three chapters; each fact is told in one chapter only. */
const BOOK = [
  'A note before the story.',
  'Chapter 1',
  'The keeper of the lighthouse had a dog called Biscuit, who slept beside the great lamp.',
  'Chapter 2',
  'In the winter the harbour froze and the fishermen mended their nets by the fire.',
  'Chapter 3',
  'Biscuit ran away to Gullhaven on the last ferry, and the keeper never saw him again.',
].join('\n\n');

/** The prompt's knowledge, as the model read it. */
const lastUserText = (req: FakeRequest) =>
  JSON.stringify(req.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '');

/** The number the prompt gave the passage holding `words` (0: not sent). */
function numberOf(req: FakeRequest, words: string): number {
  const text = JSON.parse(lastUserText(req)) as string;
  for (const block of text.split(/\n(?=\[\d+\] \()/)) {
    const m = /^\[(\d+)\]/.exec(block);
    if (m && block.includes(words)) return Number(m[1]);
  }
  return 0;
}

describe.each(testDatabases())('cited answers and the spoiler horizon on %s', (kind) => {
  const { bed, ask, retrieve } = chatTestBed(kind);
  const horizon = (body: Record<string, unknown>, bearer = bed.token) =>
    rpc(bed.t.app, { action: 'GetSetHorizon', friendid: 'holmesen', ...body }, { bearer });
  const citations = (body: Record<string, unknown>, bearer = bed.editor) =>
    rpc(bed.t.app, { action: 'GetSetCitations', friendid: 'holmesen', ...body }, { bearer });

  beforeAll(async () => {
    const up = await postForm(bed.t.app, '/api/upload', {
      bearer: bed.editor,
      fields: { friend: 'holmesen' },
      file: { name: 'The Lighthouse.txt', data: Buffer.from(BOOK) },
    });
    expect(up.text).toMatch(/^OK/);
  });

  it('keeps citations of passages it sent, drops invented ones, and stores what they cite', async () => {
    bed.fake.setDefault((req) => {
      const n = numberOf(req, 'slept beside the great lamp');
      return { text: `Biscuit slept by the lamp [${n}]. He was fond of ham [9].` };
    });
    const r = await ask({ message: 'Where did the dog Biscuit sleep?', subject: 'Cite' });
    const sent = bed.fake.requests.find((q) => lastUserText(q).includes('dog Biscuit sleep'))!;
    const n = numberOf(sent, 'slept beside the great lamp');
    expect(n).toBeGreaterThan(0);
    expect(lastUserText(sent)).toContain(`[${n}] (The Lighthouse, chapter 1)`);
    expect(r.body).toMatchObject({
      Error: 0,
      message: `Biscuit slept by the lamp [${n}]. He was fond of ham.`,
      citations: [
        {
          n,
          kind: 'file',
          title: 'The Lighthouse',
          chapter: 1,
          text: expect.stringContaining('slept beside the great lamp'),
        },
      ],
    });
    const chat = (await retrieve({ subject: 'Cite' })).body.chat as {
      message: string;
      citations?: { n: number; chapter?: number }[];
    }[];
    expect(chat.at(-1)!.citations).toEqual([expect.objectContaining({ n, chapter: 1 })]);
  });

  it('an answer citing only invented numbers keeps its words and stores no citation', async () => {
    bed.fake.setDefault({ text: 'I made this up [7][8].' });
    const r = await ask({ message: 'Tell me about the harbour in winter', subject: 'Invented' });
    expect(r.body.message).toBe('I made this up.');
    expect(r.body.citations).toBeUndefined();
  });

  it('editors turn citations off: passages go unnumbered and marks stay as written', async () => {
    expect((await citations({}, bed.token)).body.Error).toBe(ErrorCode.FORBIDDEN);
    expect((await citations({})).body).toMatchObject({ Error: 0, citations: 1 });
    expect((await citations({ citations: 0 })).body).toMatchObject({ Error: 0, citations: 0 });
    try {
      bed.fake.setDefault({ text: 'By the lamp [1].' });
      const r = await ask({ message: 'Where did the dog Biscuit sleep?', subject: 'No cite' });
      expect(lastUserText(bed.fake.requests.at(-1)!)).not.toMatch(/\[1\] \(/);
      expect(lastUserText(bed.fake.requests.at(-1)!)).toContain('slept beside the great lamp');
      expect(r.body.message).toBe('By the lamp [1].');
      expect(r.body.citations).toBeUndefined();
    } finally {
      await citations({ citations: 1 });
    }
  });

  it('a horizon keeps later chapters out of retrieval and the prompt says so', async () => {
    expect((await horizon({})).body).toMatchObject({ Error: 0, chapter: null, chapters: 3 });
    expect((await horizon({ chapter: 1 })).body).toMatchObject({ chapter: 1, chapters: 3 });
    const knowledge = knowledgeOn(bed.t.deps);
    const db = bed.t.deps.db;
    const [me] = await db.select().from(users).where(eq(users.email, 'reader@example.com'));
    const [row] = await db.select().from(friends).where(eq(friends.friendid, 'holmesen'));
    const q = 'Where did Biscuit run away to on the ferry?';
    expect((await knowledge.passagesFor(row!.id, q, 3))[0]?.text).toContain('Gullhaven');
    expect(
      (await knowledge.passagesFor(row!.id, q, 3, null, me!.id)).some((p) =>
        p.text.includes('Gullhaven'),
      ),
    ).toBe(false);

    await ask({ message: q, subject: 'Horizon' });
    const sent = bed.fake.requests.at(-1)!;
    expect(lastUserText(sent)).not.toContain('Gullhaven');
    expect(String(sent.messages[0]!.content)).toContain('read up to chapter 1');
    // Another reader has no horizon: the last chapter reaches their prompt.
    await ask({ message: q, subject: 'Horizon' }, bed.editor);
    expect(lastUserText(bed.fake.requests.at(-1)!)).toContain('Gullhaven');
  });

  it('understands the horizon said in words, in English and Hebrew', async () => {
    // The turn that says it is answered within the new horizon (not the one read before).
    await horizon({ chapter: 1 });
    await ask({ message: 'I have read up to chapter 2, no spoilers please', subject: 'Words' });
    expect((await horizon({})).body.chapter).toBe(2);
    expect(String(bed.fake.requests.at(-1)!.messages[0]!.content)).toContain(
      'read up to chapter 2',
    );
    await ask({ message: 'קראתי עד פרק 3', subject: 'Words', lang: 'he' });
    expect((await horizon({})).body.chapter).toBe(3);
    await ask({ message: 'I finished the book yesterday!', subject: 'Words' });
    expect((await horizon({})).body.chapter).toBeNull();
    expect(String(bed.fake.requests.at(-1)!.messages[0]!.content)).not.toContain('read up to');
  });

  it('refuses a bad chapter with a clear error and changes nothing', async () => {
    await horizon({ chapter: 2 });
    const r = await horizon({ chapter: -4 });
    expect(r.body.Error).toBe(ErrorCode.BAD_INPUT);
    expect(r.body.Errstr).toBeTruthy();
    expect((await horizon({})).body.chapter).toBe(2);
    await horizon({ chapter: null });
  });
});
