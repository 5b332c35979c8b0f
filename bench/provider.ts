/**
 * The model provider both servers of bench/chat.ts talk to: the tests' fake OpenAI-compatible
 * server (loopback HTTP, the real protocol), in a process of its own so its work is counted
 * in neither server. Each chat request says how to answer in its last user message,
 * `[t=TOKENS g=GAP_MS f=FIRST_TOKEN_MS]`; background calls (memory, summaries) answer at once.
 */
import { startFakeOpenAI } from '../src/server/test/fake-openai.ts';

const fake = await startFakeOpenAI();
fake.setDefault((req) => {
  fake.requests.length = 0; // nothing here reads them: keep the process small
  const system = String(req.messages[0]?.content ?? '');
  if (system.startsWith('Summarise') || system.includes("keep a character's memory"))
    return { text: '- The reader asks about clues.' };
  const last = JSON.stringify(req.messages.filter((m) => m.role === 'user').at(-1)?.content);
  const m = /\[t=(\d+) g=(\d+) f=(\d+)\]/.exec(last);
  const [tokens, gapMs, firstMs] = m ? [+m[1]!, +m[2]!, +m[3]!] : [20, 0, 0];
  return {
    tokens: Array.from({ length: tokens }, (_, i) => (i % 7 === 6 ? 'clue. ' : 'word ')),
    gapMs,
    firstTokenDelayMs: firstMs,
  };
});
process.send!({ type: 'ready', url: fake.url });
