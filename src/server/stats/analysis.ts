import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { ChatEngine } from '../ai/engine.ts';
import { estimateTokens } from '../ai/tokens.ts';
import type { FriendRow } from '../friends/friends.repo.ts';
import type { StatsRepo } from './stats.repo.ts';

/** What the analysis may send: the character's texts and a sample of conversations. */
export const ANALYSIS_BUDGET = {
  characterTokens: 3_000,
  sampleTokens: 12_000,
  perMessageChars: 600,
};
/** Messages read to build the sample (newest first); the budget usually stops earlier. */
const SAMPLE_ROWS = 600;

export interface AnalysisResult {
  summary: string;
  topics: string[];
  tone: string[];
  inconsistencies: string[];
}

/** The summary is shown as HTML: only harmless formatting survives. */
export function cleanSummary(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'b', 'strong', 'i', 'em', 'ul', 'ol', 'li', 'br', 'h3', 'h4', 'blockquote'],
    allowedAttributes: {},
  }).trim();
}

const clip = (s: string, chars: number) => (s.length > chars ? `${s.slice(0, chars)}…` : s);

/** The newest conversation lines that fit the budget, grouped by conversation, oldest first. */
export async function sampleConversations(repo: StatsRepo, friendRowId: number) {
  const rows = await repo.recent(friendRowId, SAMPLE_ROWS);
  const kept: typeof rows = [];
  let used = 0;
  for (const r of rows) {
    const cost = estimateTokens(clip(r.content, ANALYSIS_BUDGET.perMessageChars)) + 4;
    if (used + cost > ANALYSIS_BUDGET.sampleTokens) break;
    used += cost;
    kept.push(r);
  }
  kept.sort((a, b) => a.subjectId - b.subjectId || a.id - b.id);
  return kept;
}

/** The analysis as the model must give it; the provider is asked for this shape. */
const AnalysisAnswer = z.object({
  summary: z.string().describe('general summary as simple HTML'),
  topics: z.array(z.string()).describe('main topics'),
  tone: z.array(z.string()).describe('emotional tones'),
  inconsistencies: z
    .array(z.string())
    .describe('where the character contradicted its own texts or knowledge; empty when none'),
});

const strings = (v: string[]) =>
  v
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 20);

/**
 * Asks the model for the analysis as a structured answer; null offline. An answer that does
 * not fit, or says nothing, throws (the job stores the failure and the page offers a retry).
 */
export async function analyze(
  engine: ChatEngine,
  friend: FriendRow,
  sample: { role: string; content: string; subjectId: number }[],
  lang: 'he' | 'en',
): Promise<{
  result: AnalysisResult;
  model: string;
  usage: { inputTokens: number; outputTokens: number };
} | null> {
  const language = lang === 'he' ? 'Hebrew' : 'English';
  const character = clip(
    `${friend.personality}\n\n${friend.background}`,
    ANALYSIS_BUDGET.characterTokens * 3,
  );
  let subject = -1;
  const lines: string[] = [];
  for (const m of sample) {
    if (m.subjectId !== subject) {
      subject = m.subjectId;
      lines.push(`\n--- conversation ${lines.length + 1} ---`);
    }
    lines.push(
      `${m.role === 'user' ? 'User' : friend.friendname}: ${clip(m.content, ANALYSIS_BUDGET.perMessageChars)}`,
    );
  }
  const system = [
    `You analyse conversations between readers and the book character "${friend.friendname}", for the character's creator.`,
    `Write in ${language}. Give a general summary (simple HTML), the main topics, the emotional tones, and the inconsistencies.`,
    'Inconsistencies: quote briefly what the character said and what its texts say. Use an empty list when there are none.',
  ].join('\n');
  const r = await engine.object(
    {
      model: friend.model,
      system,
      messages: [
        {
          role: 'user',
          content: `The character's own texts:\n${character}\n\nConversations:\n${lines.join('\n')}`,
        },
      ],
      temperature: 0.2,
      maxOutputTokens: 1_500,
    },
    AnalysisAnswer,
  );
  if (!r) return null;
  const summary = cleanSummary(r.value.summary);
  if (!summary) throw new Error('the model answered the analysis without a summary');
  return {
    result: {
      summary,
      topics: strings(r.value.topics),
      tone: strings(r.value.tone),
      inconsistencies: strings(r.value.inconsistencies),
    },
    model: r.model,
    usage: r.usage,
  };
}
