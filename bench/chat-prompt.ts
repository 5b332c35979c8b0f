/**
 * Prompt figures over the local fake OpenAI-compatible server (loopback only), on PGlite
 * (the server's cost against a relay is bench/chat.ts):
 * - prompt tokens per turn at turns 10, 100 and 1000 of a scripted conversation
 * - share of each prompt that is a prefix of the previous one (what a provider's cache can reuse)
 * - time to open a 5,000-message subject
 * Prints figures; asserts nothing.   CHAT_BENCH=prompt npm run bench:chat
 */
import { estimateTokens } from '../src/server/ai/tokens.ts';
import { messages } from '../src/server/db/schema.ts';
import { startFakeOpenAI } from '../src/server/test/fake-openai.ts';
import { createTestApp, rpc, userWithSession } from '../src/server/test/harness.ts';

const fake = await startFakeOpenAI();
const env = { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' };
const retry = { attempts: 1, baseDelayMs: 10, idleTimeoutMs: 30_000 };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

const t = await createTestApp('pglite', { env, retry });
const reader = await userWithSession(t, 'reader@example.com');

// 2 and 3. A scripted 1,000-turn conversation: prompt size per turn and prefix reuse.
fake.requests.length = 0;
fake.setDefault((req) => {
  const sys = String(req.messages[0]?.content ?? '');
  if (sys.startsWith('Summarise'))
    return { text: 'Summary: ' + 'they talked about cases and clues. '.repeat(12) };
  if (sys.includes("keep a character's memory"))
    return { text: '- The reader likes mysteries and violins.' };
  return { text: 'A fine question. ' + 'The answer lies in small details. '.repeat(3) };
});
const promptTokens: number[] = [];
const prefixShare: number[] = [];
let previous = '';
for (let turn = 1; turn <= 1000; turn++) {
  const before = fake.requests.length;
  await rpc(
    t.app,
    {
      action: 'AskFriend',
      friendid: 'holmesen',
      lang: 'en',
      message: `Question ${turn}: what do you make of clue number ${turn}?`,
      subject: 'long',
    },
    { bearer: reader },
  );
  const chatReq = fake.requests
    .slice(before)
    .find((r) => String(r.messages[0]?.content).startsWith('You are'));
  const serialized = chatReq!.messages
    .map(
      (m) => `${m.role}:${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`,
    )
    .join('\n');
  promptTokens.push(estimateTokens(serialized));
  if (previous) {
    let i = 0;
    while (i < previous.length && i < serialized.length && previous[i] === serialized[i]) i++;
    prefixShare.push(i / serialized.length);
  }
  previous = serialized;
  if (turn % 25 === 0) await new Promise((r) => setTimeout(r, 20)); // let background folds run
}
console.log('\nprompt tokens per turn (estimated) of a scripted conversation');
for (const n of [10, 100, 1000])
  console.log(`  turn ${String(n).padStart(4)}: ${promptTokens[n - 1]}`);
const shares = prefixShare.slice(1);
console.log(
  `share of each prompt that is a prefix of the previous one: median ${(pct(shares, 50) * 100).toFixed(1)}%, p10 ${(pct(shares, 10) * 100).toFixed(1)}%`,
);

// 4. Opening a 5,000-message subject.
await rpc(
  t.app,
  { action: 'UpdateSubject', friendid: 'alice', newsubject: 'huge' },
  { bearer: reader },
);
const first = await rpc(
  t.app,
  { action: 'RetrieveConversation', friendid: 'alice', subject: 'huge' },
  { bearer: reader },
);
const firstId = (first.body.chat as { id: number }[])[0]!.id;
const subjectId = (await t.deps.db.select().from(messages)).find(
  (m) => m.id === firstId,
)!.subjectId;
for (let i = 0; i < 5000; i += 500) {
  await t.deps.db.insert(messages).values(
    Array.from({ length: 500 }, (_, j) => ({
      subjectId,
      role: (i + j) % 2 ? 'assistant' : 'user',
      content: `Message ${i + j}: ` + 'words of a long conversation '.repeat(8),
    })),
  );
}
const open: number[] = [];
for (let i = 0; i < 30; i++) {
  const t0 = performance.now();
  await rpc(
    t.app,
    { action: 'RetrieveConversation', friendid: 'alice', subject: 'huge' },
    { bearer: reader },
  );
  open.push(performance.now() - t0);
}
console.log(
  `\nopen a 5,000-message subject (first page of 50): p50 ${pct(open, 50).toFixed(1)} ms, p99 ${pct(open, 99).toFixed(1)} ms`,
);

await t.close();
await fake.close();
process.exit(0);
