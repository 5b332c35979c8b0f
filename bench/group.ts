/**
 * Group chat and analytics figures over the local fake OpenAI-compatible server (loopback):
 * - added time to the first token of the first speaker in a three-character group, asked
 *   by button (no director) and left to the director (one more model call first)
 * - the stats page of a character with 100,000 messages: time to the counts (friendstat,
 *   the first paint) and from "analyze" to the analysis stored by its job
 * Prints figures; asserts nothing.   node bench/group.ts
 */
import type { AddressInfo } from 'node:net';
import { messages, subjects, users } from '../src/server/db/schema.ts';
import { friendsRepo } from '../src/server/friends/friends.repo.ts';
import { DIRECTOR_TAG } from '../src/server/group/director.ts';
import { startFakeOpenAI } from '../src/server/test/fake-openai.ts';
import { createTestApp, rpc, userWithSession } from '../src/server/test/harness.ts';

const PROVIDER_TTFT_MS = 200;
const GROUP = 'holmesen,tevyeen,aliceen';
const fake = await startFakeOpenAI();
const env = { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' };
fake.setDefault((req) => {
  const last = JSON.stringify(req.messages.at(-1)?.content ?? '');
  if (last.includes(DIRECTOR_TAG))
    return { text: '{"speakers": ["tevyeen"]}', firstTokenDelayMs: PROVIDER_TTFT_MS };
  if (last.includes('You analyse') || JSON.stringify(req.messages[0]).includes('You analyse'))
    return {
      text: '{"summary":"<p>ok</p>","topics":["a"],"tone":["b"],"inconsistencies":[]}',
      firstTokenDelayMs: PROVIDER_TTFT_MS,
    };
  return { text: 'Milk is milk. '.repeat(10), firstTokenDelayMs: PROVIDER_TTFT_MS, gapMs: 2 };
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

const t = await createTestApp('pglite', {
  env,
  retry: { attempts: 1, baseDelayMs: 10, idleTimeoutMs: 30_000 },
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const token = await userWithSession(t, 'bench@example.com', { grant: 'globalpriv' });

async function firstToken(body: Record<string, unknown>): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ action: 'MultiChatAsk', friends: GROUP, lang: 'en', ...body }),
  });
  const reader = res.body!.getReader();
  let buf = '';
  let ttft = -1;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += new TextDecoder().decode(value);
    if (ttft < 0 && buf.includes('event: delta')) ttft = performance.now() - t0;
  }
  return ttft;
}

// 1. Time to the first speaker's first token.
for (let i = 0; i < 3; i++) await firstToken({ message: `warm ${i}`, to: 'holmesen' });
const asked: number[] = [];
const directed: number[] = [];
for (let i = 0; i < 20; i++) {
  asked.push((await firstToken({ message: `asked ${i}`, to: 'holmesen' })) - PROVIDER_TTFT_MS);
  directed.push((await firstToken({ message: `directed ${i}` })) - 2 * PROVIDER_TTFT_MS);
}
console.log(
  "\ngroup chat: added time to the first speaker's first token (ms; provider 200 ms per call)",
);
console.log(
  `  asked by button:     p50 ${pct(asked, 50).toFixed(1)}  p99 ${pct(asked, 99).toFixed(1)}  (n=${asked.length})`,
);
console.log(
  `  chosen by director:  p50 ${pct(directed, 50).toFixed(1)}  p99 ${pct(directed, 99).toFixed(1)}  (n=${directed.length}; the director's own call excluded)`,
);

// 2. A character with 100,000 messages: 500 users, 2,000 conversations of 50 lines, each
// conversation on one of 60 days, written in time order (ids grow with time, as in use).
const holmes = (await friendsRepo(t.deps.db).byFriendId('holmesen'))!.friend;
const db = t.deps.db;
const t0 = performance.now();
const userRows = await db
  .insert(users)
  .values(Array.from({ length: 500 }, (_, i) => ({ email: `reader${i}@example.com` })))
  .returning({ id: users.id });
const subjectRows = await db
  .insert(subjects)
  .values(
    Array.from({ length: 2000 }, (_, i) => ({
      userId: userRows[i % 500]!.id,
      friendId: holmes.id,
      name: `conversation ${i}`,
    })),
  )
  .returning({ id: subjects.id });
const now = Date.now();
for (let batch = 0; batch < 20; batch++) {
  const values = Array.from({ length: 5000 }, (_, j) => {
    const n = batch * 5000 + j;
    const user = n % 2 === 0;
    const conversation = Math.floor(n / 50);
    return {
      subjectId: subjectRows[Math.floor(n / 50)]!.id,
      role: user ? 'user' : 'assistant',
      content: user
        ? `Question ${n} about the hound and the moor?`
        : `Answer ${n}: elementary, the clues point to the moor.`,
      model: user ? '' : 'gpt-4o',
      inputTokens: user ? 0 : 900,
      outputTokens: user ? 0 : 60,
      createdAt: new Date(now - (59 - Math.floor((conversation * 60) / 2000)) * 86_400_000),
    };
  });
  await db.insert(messages).values(values);
}
console.log(`\nseeded 100,000 messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

async function timeCounts(label: string) {
  const counts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    const r = await rpc(
      t.app,
      { action: 'friendstat', friendid: 'holmesen', lang: 'en' },
      { bearer: token },
    );
    counts.push(performance.now() - s);
    if (i === 0)
      console.log(
        `  TotalMessages ${r.body.TotalMessages}, users ${r.body.TotalUsers}, conversations ${r.body.Conversations}`,
      );
  }
  console.log(
    `stats page, counts and plots (friendstat), ${label}: median ${pct(counts, 50).toFixed(0)} ms, max ${Math.max(...counts).toFixed(0)} ms (n=5)`,
  );
}
await timeCounts('live rows only, before the roll-up');
await t.deps.jobs.send('stats-rollup', {});
await t.deps.jobs.idle();
await timeCounts("from the daily roll-up plus today's live rows");
const a0 = performance.now();
await rpc(
  t.app,
  { action: 'AnalyzeFriendStats', friendid: 'holmesen', lang: 'en' },
  { bearer: token },
);
for (;;) {
  const r = await rpc(
    t.app,
    { action: 'friendstat', friendid: 'holmesen', lang: 'en' },
    { bearer: token },
  );
  if (r.body.AnalysisState !== 'pending') {
    console.log(
      `analysis ${r.body.AnalysisState} after ${((performance.now() - a0) / 1000).toFixed(2)} s (sample ${r.body.AnalyzedMessages} messages; job polling 0.5 s, provider 200 ms)`,
    );
    break;
  }
  await new Promise((res) => setTimeout(res, 100));
}
await t.close();
await fake.close();
