import type { EngineResult, StreamHandlers } from './engine.ts';
import { estimateTokens } from './tokens.ts';

/** What the built-in offline model knows: only the character's own texts. */
export interface OfflineMaterial {
  friendname: string;
  firstprompt: string;
  personality: string;
  background: string;
  /** Passages retrieved from the character's knowledge for this turn. */
  knowledge: string[];
  /** Mark a sentence taken from passage i with [i + 1], as the prompt asks models to. */
  cite?: boolean;
  lang: 'he' | 'en';
  /** A system task (summary, memory) rather than a conversation turn. */
  task?: 'summary' | 'analysis';
}

const HEBREW_PREFIX = /^[והבלמשכ](?=[\u05d0-\u05ea]{3})/u;

/** Rough stems: lower case, a Hebrew one-letter prefix dropped, the first four letters kept. */
export const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2)
    .map((w) => w.replace(HEBREW_PREFIX, '').slice(0, 4));

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 20 && s.length < 400);
}

/** The sentences of the character's texts that share the most words with the question. */
export function bestSentences(material: OfflineMaterial, question: string, n = 2): string[] {
  const q = new Set(words(question));
  const pool = [
    ...material.knowledge.flatMap((k, at) =>
      sentences(k).map((s) => (material.cite ? `${s} [${at + 1}]` : s)),
    ),
    ...sentences(material.background),
  ];
  return pool
    .map((s, i) => ({ s, i, score: words(s).filter((w) => q.has(w)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, n)
    .map((x) => x.s);
}

function compose(m: OfflineMaterial, question: string): string {
  const he = m.lang === 'he';
  if (m.task === 'summary' || m.task === 'analysis') {
    // Without a model there is nothing to learn: the caller keeps what it had.
    return '';
  }
  const found = bestSentences(m, question);
  const note = he
    ? '_(המודל הלא־מקוון: אני עונה רק מתוך הטקסטים של הדמות. כדי לשוחח באמת, יש להגדיר ספק מודלים.)_'
    : '_(Offline model: I answer only from the character’s own texts. Configure a model provider for real conversation.)_';
  const body = found.length
    ? found.join(' ')
    : m.firstprompt || (he ? `שלום, אני ${m.friendname}.` : `Hello, I am ${m.friendname}.`);
  return `${body}\n\n${note}`;
}

/** Streams a composed answer word by word, like a model would. */
export async function offlineAnswer(
  m: OfflineMaterial,
  question: string,
  h: StreamHandlers,
  signal?: AbortSignal,
): Promise<EngineResult> {
  const text = compose(m, question);
  const pieces = text.match(/\S+\s*/g) ?? [];
  for (const p of pieces) {
    if (signal?.aborted) throw signal.reason;
    h.onDelta(p);
    await new Promise((r) => setTimeout(r, 15));
  }
  return {
    text,
    model: 'offline',
    offline: true,
    usage: {
      inputTokens: estimateTokens(question),
      cachedInputTokens: 0,
      outputTokens: estimateTokens(text),
    },
  };
}
