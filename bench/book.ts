/**
 * A character drafted from a book (issue 36): a ~5 MB generated novel with chapters and
 * named speakers ("…," said Elizabeth / Lizzy / Miss Bennet) is uploaded through the real
 * upload endpoint, its characters are listed and one is drafted, each as the durable job the
 * app runs, over a local fake OpenAI-compatible server that answers every call after a fixed
 * latency. Then the same on the offline heuristic. Prints the time of each step and the model
 * calls and tokens it used (from the usage rows the jobs record). Asserts nothing.
 *
 *   npm run bench:book
 *   BENCH_MB=2 BENCH_LATENCY_MS=200 npm run bench:book
 */
import { eq, sql } from 'drizzle-orm';
import { usageEvents, users } from '../src/server/db/schema.ts';
import { startFakeOpenAI, type FakeRequest } from '../src/server/test/fake-openai.ts';
import { postForm } from '../src/server/test/fixtures.ts';
import { createTestApp, rpc, userWithSession, type TestApp } from '../src/server/test/harness.ts';

const MB = Number(process.env.BENCH_MB ?? 5);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const IMAGE = '/logo.svg';

const PEOPLE = [
  ['Elizabeth', 'Lizzy', 'Miss Bennet'],
  ['Darcy', 'Mr. Darcy'],
  ['Jane'],
  ['Bingley', 'Mr. Bingley'],
  ['Lydia'],
  ['Wickham', 'Mr. Wickham'],
  ['Charlotte'],
  ['Collins', 'Mr. Collins'],
];
const VERBS = ['said', 'replied', 'asked', 'cried', 'answered', 'whispered'];
const WORDS =
  'the morning rain fell over the old house while letters came and went between the village and the town and nobody quite knew what the dance would bring'.split(
    ' ',
  );

/** A seeded novel of about `mb` megabytes: chapters of dialogue and narration. */
function novel(mb: number): string {
  // mulberry32: a plain LCG in doubles loses its low bits past 2^53 and picked half the cast.
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
  const out: string[] = [];
  let size = 0;
  for (let ch = 1; size < mb * 1024 * 1024; ch++) {
    out.push(`Chapter ${ch}`);
    for (let p = 0; p < 60; p++) {
      const who = PEOPLE[rnd(PEOPLE.length)]!;
      const name = who[rnd(who.length)]!;
      const words = Array.from({ length: 12 + rnd(20) }, () => WORDS[rnd(WORDS.length)]).join(' ');
      const para =
        p % 3 === 0
          ? `${name} walked past the window; ${words}.`
          : `“${words[0]!.toUpperCase()}${words.slice(1)},” ${VERBS[rnd(VERBS.length)]} ${name}.`;
      out.push(para);
      size += para.length + 2;
    }
  }
  return out.join('\n\n');
}

const userText = (r: FakeRequest) => {
  const c = r.messages.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof c === 'string' ? c : JSON.stringify(c);
};

async function usage(t: TestApp, userId: number) {
  const [row] = await t.deps.db
    .select({
      calls: sql<number>`count(*)::int`,
      tokensIn: sql<number>`coalesce(sum(${usageEvents.tokensIn}), 0)::int`,
      tokensOut: sql<number>`coalesce(sum(${usageEvents.tokensOut}), 0)::int`,
    })
    .from(usageEvents)
    .where(eq(usageEvents.userId, userId));
  return row!;
}

/**
 * The fake's answer after the fixed latency, its output tokens counted as a tokenizer would
 * (about 4 characters each; the fake's own count splits on spaces, and JSON has few); its
 * input tokens as the fake counts them.
 */
const answer = (req: FakeRequest, text: string) => ({
  text,
  firstTokenDelayMs: LATENCY_MS,
  usage: {
    prompt_tokens: Math.ceil(JSON.stringify(req.messages).length / 4),
    completion_tokens: Math.ceil(text.length / 4),
  },
});

async function run(label: string, offline: boolean, book: string) {
  const fake = await startFakeOpenAI();
  // As a model that knows who is who: each name under the person's first name, the other
  // names the chapter uses as aliases (the server still merges across chapters).
  fake.route('TASK: list-characters', (req) => {
    const found = new Map<string, { mentions: number; aliases: Set<string> }>();
    for (const m of userText(req).matchAll(
      /(?:said|replied|asked|cried|answered|whispered) ((?:Mr\. |Miss )?[A-Z][a-z]+)/g,
    )) {
      const who = PEOPLE.find((p) => p.includes(m[1]!))?.[0] ?? m[1]!;
      const entry = found.get(who) ?? { mentions: 0, aliases: new Set<string>() };
      entry.mentions++;
      if (m[1] !== who) entry.aliases.add(m[1]!);
      found.set(who, entry);
    }
    const characters = [...found].map(([name, e]) => ({
      name,
      aliases: [...e.aliases],
      mentions: e.mentions,
      sample: '',
    }));
    return answer(req, JSON.stringify({ characters }));
  });
  fake.route('TASK: draft-character', (req) =>
    answer(
      req,
      /STEP: voice/.test(userText(req))
        ? JSON.stringify({
            firstMessage: 'Good day [1].',
            examples: ['I dearly love a laugh [2].'],
          })
        : JSON.stringify({ text: 'She is quick and teasing [1], and walks everywhere [3].' }),
    ),
  );
  const t = await createTestApp('pglite', {
    env: offline
      ? {}
      : { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' },
  });
  const token = await userWithSession(t, `bench-${offline ? 'off' : 'on'}@example.com`, {
    grant: 'globalpriv,canadd',
  });
  const [me] = await t.deps.db
    .select()
    .from(users)
    .where(eq(users.email, `bench-${offline ? 'off' : 'on'}@example.com`));
  const call = (body: Record<string, unknown>) => rpc(t.app, body, { bearer: token });
  await call({
    action: 'SetFriendDetails',
    insert: 1,
    autosave: 1,
    friendid: 'bench',
    friendname: 'Bench',
    image: IMAGE,
  });

  const rows: [string, number, { calls: number; tokensIn: number; tokensOut: number }][] = [];
  let before = await usage(t, me!.id);
  const step = async (name: string, work: () => Promise<void>) => {
    const t0 = performance.now();
    await work();
    const ms = performance.now() - t0;
    const after = await usage(t, me!.id);
    rows.push([
      name,
      ms,
      {
        calls: after.calls - before.calls,
        tokensIn: after.tokensIn - before.tokensIn,
        tokensOut: after.tokensOut - before.tokensOut,
      },
    ]);
    before = after;
  };

  let num = 0;
  let cost = 0;
  await step('import (upload, extract, index)', async () => {
    const up = await postForm(t.app, '/api/upload', {
      bearer: token,
      fields: { friend: 'bench' },
      file: { name: 'Bench Novel.txt', data: Buffer.from(book) },
    });
    if (!up.text.startsWith('OK')) throw new Error(up.text);
    num = (
      (await call({ action: 'GetFiles', friend: 'bench' })).body.files as { num: number }[]
    )[0]!.num;
  });
  await step('list the characters', async () => {
    cost = Number((await call({ action: 'FindBookCharacters', friend: 'bench', num })).body.cost);
    await call({ action: 'FindBookCharacters', friend: 'bench', num, start: 1 });
    await t.deps.jobs.idle();
  });
  const listed = (await call({ action: 'FindBookCharacters', friend: 'bench', num })).body;
  const chars = listed.characters as { name: string; aliases: string[]; mentions: number }[];
  let draftCost = 0;
  await step(`draft ${chars[0]?.name ?? '?'}`, async () => {
    const r = await call({
      action: 'DraftCharacterFromBook',
      friend: 'bench',
      num,
      name: chars[0]!.name,
      lang: 'en',
    });
    draftCost = Number(r.body.cost);
    await t.deps.jobs.idle();
  });

  console.log(
    `\n${label} (book ${(book.length / 1024 / 1024).toFixed(1)} MB, ${book.split('\nChapter ').length} chapters${offline ? '' : `, ${LATENCY_MS} ms per call`})`,
  );
  for (const [name, ms, u] of rows)
    console.log(
      `  ${name.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(7)} s   calls ${String(u.calls).padStart(4)}   tokens in ${String(u.tokensIn).padStart(8)}   out ${String(u.tokensOut).padStart(6)}`,
    );
  console.log(
    `  listing state ${String(listed.state)}, ${chars.length} characters; estimate ${cost} credits (listing), ${draftCost} (draft); charged ${String(listed.cost)} for the listing`,
  );
  console.log(
    `  found: ${chars
      .slice(0, 10)
      .map((c) => `${c.name} (${c.mentions}; ${c.aliases.join(', ') || '-'})`)
      .join('; ')}`,
  );
  await t.close();
  await fake.close();
}

const book = novel(MB);
await run('over the fake provider', false, book);
await run('offline heuristic', true, book);
