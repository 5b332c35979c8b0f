/**
 * Voice latency over the real HTTP server (our endpoints, the real AI SDK providers):
 * - read-aloud: pressing read-aloud on a long answer to the first audio byte of its first
 *   sentence (each press a new answer, so nothing comes from the cache);
 * - spoken turn: from the end of the user's speech (the recording is uploaded) to the first
 *   audio of the answer: transcription, the streamed answer up to its first sentence, and
 *   that sentence's speech.
 * Against the fake OpenAI server (speech gpt-4o-mini-tts, transcription whisper-1, chat
 * streaming 15 ms between words) and offline (espeak-ng speech; transcription and chat still
 * the fake, as nothing transcribes offline). Prints p50/p99; asserts nothing.
 *   node bench/voice.ts   (BENCH_RUNS, default 20)
 */
import { eq } from 'drizzle-orm';
import { wavFile } from '../src/server/ai/media/wav.ts';
import * as schema from '../src/server/db/schema.ts';
import { startFakeOpenAI } from '../src/server/test/fake-openai.ts';
import { createTestApp, userWithSession } from '../src/server/test/harness.ts';
import { usersRepo } from '../src/server/users/users.repo.ts';
import { createSentenceFeed } from '../src/web/features/chat/voice/sentences.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ANSWER =
  'The game is afoot, Watson, and we have no time to lose tonight. ' +
  'Lestrade has found the carriage abandoned near the river, its lamps still burning. ' +
  'Bring your revolver and your notebook; I suspect the coachman knows more than he says. ' +
  'We shall take the late train from Paddington and be in Reading before midnight.';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0)} ms, p99 ${pct(xs, 99).toFixed(0)} ms`;

/** Two seconds of a tone as a recording (WAV; the fake transcribes anything). */
const clip = wavFile(
  Int16Array.from({ length: 32_000 }, (_, i) => Math.round(6000 * Math.sin(i / 8))),
  16_000,
);

async function firstByte(res: Response): Promise<number> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  const t = performance.now();
  if (!value?.length) throw new Error(`no audio: HTTP ${res.status}`);
  await reader.cancel();
  return t;
}

async function scenario(name: string, env: Record<string, string>) {
  const fake = await startFakeOpenAI();
  fake.setDefault({ text: ANSWER, gapMs: 15 });
  const t = await createTestApp('pglite', {
    env: {
      OPENAI_COMPATIBLE_BASE_URL: fake.url,
      OPENAI_COMPATIBLE_MODELS: 'fake-model',
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: fake.url,
      TRANSCRIPTION_MODEL: 'openai:whisper-1',
      ...(env.SPEECH_MODEL ? {} : { SPEECH_MODEL: 'offline' }),
      ...env,
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await userWithSession(t, 'bench@example.com');
  const auth = { authorization: `Bearer ${token}` };
  const user = (await usersRepo(t.deps.db).byEmail('bench@example.com'))!;
  const [friend] = await t.deps.db
    .insert(schema.friends)
    .values({ friendid: 'benchholmes', friendname: 'Holmes', publicfriend: 1, voice: 'fable' })
    .returning();
  const [subject] = await t.deps.db
    .insert(schema.subjects)
    .values({ userId: user.id, friendId: friend!.id, name: 'bench' })
    .returning();

  const speak = (messageid: number, text: string) =>
    fetch(`${address}/api/speech`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ friendid: 'benchholmes', messageid, text, lang: 'en' }),
    });

  // Warm-up: worker threads, provider clients, the database.
  const [warm] = await t.deps.db
    .insert(schema.messages)
    .values({ subjectId: subject!.id, role: 'assistant', content: ANSWER })
    .returning();
  await (await speak(warm!.id, ANSWER.split('. ')[0]!)).arrayBuffer();

  const readAloud: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const content = `${i}. ${ANSWER}`;
    const [m] = await t.deps.db
      .insert(schema.messages)
      .values({ subjectId: subject!.id, role: 'assistant', content })
      .returning();
    const first = createSentenceFeed('en').take(content, true)[0]!;
    const t0 = performance.now();
    readAloud.push((await firstByte(await speak(m!.id, first))) - t0);
  }

  const turn: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const form = new FormData();
    form.append('lang', 'en');
    form.append('audio', new Blob([new Uint8Array(clip)], { type: 'audio/wav' }), 'speech.wav');
    fake.media.transcript = `Where is the coachman, question ${i}?`;
    const tr = (await (
      await fetch(`${address}/api/transcribe`, { method: 'POST', headers: auth, body: form })
    ).json()) as { text: string };
    const res = await fetch(`${address}/api`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        action: 'AskFriend',
        friendid: 'benchholmes',
        subject: 'bench',
        message: tr.text,
        lang: 'en',
      }),
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const feed = createSentenceFeed('en');
    let buf = '';
    let text = '';
    let replyid = 0;
    let sentence: string | undefined;
    while (!sentence) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let at;
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<
          string,
          unknown
        >;
        if (event === 'start') replyid = Number(data.replyid);
        if (event === 'delta') text += String(data.text ?? '');
        if (event === 'done') text = String(data.message ?? text);
        sentence ??= feed.take(text, event === 'done')[0];
      }
    }
    turn.push((await firstByte(await speak(replyid, sentence!))) - t0);
    // Let the answer finish before the next turn.
    while (!(await reader.read()).done);
  }
  const usage = await t.deps.db
    .select()
    .from(schema.usageEvents)
    .where(eq(schema.usageEvents.userId, user.id));
  console.log(`${name}:`);
  console.log(`  read-aloud press → first audio byte: ${fmt(readAloud)}`);
  console.log(`  end of speech → first audio of the answer: ${fmt(turn)}`);
  console.log(`  (${RUNS} runs each; ${usage.length} usage rows metered)`);
  await t.close();
  await fake.close();
}

await scenario('fake OpenAI providers (speech gpt-4o-mini-tts, transcription whisper-1)', {
  SPEECH_MODEL: 'openai:gpt-4o-mini-tts',
});
await scenario('offline speech (espeak-ng in worker threads)', {});
