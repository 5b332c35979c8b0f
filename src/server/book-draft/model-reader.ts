import { z } from 'zod';
import type { BookCharacter, CharacterDraft } from '../../protocol/actions/book-draft.ts';
import type { ChatEngine } from '../ai/engine.ts';
import type { Passage } from '../knowledge/retrieval.ts';
import type { BookChapter } from './book-text.ts';
import { field, numbered } from './draft.ts';

/**
 * The model's reading of a book (issue 36), as structured answers through the engine
 * (`engine.object`, the same path as the stats analysis, the group director and the memory):
 * one call per piece of a chapter for the characters (told who is known so far, so that
 * "Lizzy" comes back as Elizabeth), and one call per field of a draft (the draft fills in as it
 * is written). The prompts name their task on the first line (`TASK: …`): logs and test fakes
 * tell them apart.
 */

/** What one call used, in the terms of the credits and `usage_events`. */
export interface CallUsage {
  tokensIn: number;
  tokensCached: number;
  tokensOut: number;
}

export interface ModelCall<T> {
  value: T;
  usage: CallUsage;
}

/** The model that reads the book: the engine and the job's model name. */
export interface Reader {
  engine: ChatEngine;
  model: string;
}

const Found = z.object({
  characters: z
    .array(
      z.object({
        name: z.string(),
        aliases: z.array(z.string()).default([]),
        mentions: z.number().int().min(0).default(1),
        sample: z.string().default(''),
      }),
    )
    .max(60),
});

const languageName = (lang: 'he' | 'en') => (lang === 'he' ? 'Hebrew' : 'English');

async function ask<T>(
  reader: Reader,
  schema: z.ZodType<T>,
  system: string,
  prompt: string,
  signal: AbortSignal | undefined,
): Promise<ModelCall<T>> {
  const r = await reader.engine.object(
    {
      model: reader.model,
      system,
      messages: [{ role: 'user', content: prompt }],
      temperature: 0.2,
      ...(signal ? { signal } : {}),
    },
    schema,
  );
  // A job is marked offline when it starts; a model gone since (configuration changed
  // between a restart and the run) fails the job rather than reading with no one.
  if (!r) throw new Error(`no model configured for ${reader.model}`);
  const u = r.usage;
  return {
    value: r.value,
    usage: {
      tokensIn: u.inputTokens,
      tokensCached: u.cachedInputTokens,
      tokensOut: u.outputTokens,
    },
  };
}

/** The characters of one piece of a chapter, named as the ones known so far are. */
export async function chapterCharactersByModel(
  reader: Reader,
  chapter: BookChapter,
  piece: string,
  known: BookCharacter[],
  signal?: AbortSignal,
): Promise<ModelCall<BookCharacter[]>> {
  const knownList = known.length
    ? known
        .slice(0, 40)
        .map(
          (c) =>
            `- ${c.name}${c.aliases.length ? ` (also: ${c.aliases.slice(0, 6).join(', ')})` : ''}`,
        )
        .join('\n')
    : '(none yet)';
  const system = [
    'TASK: list-characters',
    'You read one chapter of a book and list the people (and beings who speak or act) in it.',
    'For each: the name the book uses most, every other name or title the chapter calls them by (aliases: nicknames like "Lizzy", forms like "Miss Bennet"), how many times the chapter names them, and one short sentence of the chapter where they speak or appear (copied exactly).',
    'Characters already found in earlier chapters are listed below. When a person of this chapter is one of them, use the known name exactly as it is written there and put any new name for them in aliases.',
    'Hebrew names: write the name without the prefix letters it is read with in the text (ו, ה, ב, ל, מ, ש, כ: "ולרחל" is רחל).',
    'Answer with JSON only: {"characters":[{"name":"…","aliases":["…"],"mentions":1,"sample":"…"}]}',
    '',
    'Known characters:',
    knownList,
  ].join('\n');
  const r = await ask(reader, Found, system, `Chapter ${chapter.n}:\n\n${piece}`, signal);
  return {
    usage: r.usage,
    value: r.value.characters
      .filter((c) => c.name.trim())
      .map((c) => ({
        name: c.name.trim(),
        aliases: c.aliases.map((a) => a.trim()).filter(Boolean),
        mentions: Math.max(1, c.mentions),
        firstChapter: chapter.n,
        sample: c.sample.trim().slice(0, 400),
      })),
  };
}

const Text = z.object({ text: z.string() });
const Voice = z.object({ firstMessage: z.string(), examples: z.array(z.string()).max(8) });

/** The steps of a model's draft, in the order they fill in. */
export const DRAFT_STEPS = ['personality', 'background', 'voice', 'imagePrompt'] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

/** One step of a draft: the fields it writes, their marks checked against the passages sent. */
export async function draftStepByModel(
  reader: Reader,
  step: DraftStep,
  who: { name: string; aliases: string[]; title: string },
  sent: Passage[],
  lang: 'he' | 'en',
  signal?: AbortSignal,
): Promise<ModelCall<Partial<CharacterDraft>>> {
  // The passages come first and are the same for every step: a provider's prompt cache hits.
  const system = [
    `TASK: draft-character`,
    `You help a writer make a chat character of ${who.name}${who.aliases.length ? ` (also called ${who.aliases.join(', ')})` : ''} from the book "${who.title}".`,
    `Write in ${languageName(lang)}. Use only what the passages below say. After every statement put the number of the passage it comes from in brackets, like [3]; a statement from two passages gets [2][5]. Never cite a number that is not below.`,
    '',
    'Passages:',
    numbered(sent, lang),
  ].join('\n');
  const tasks: Record<DraftStep, string> = {
    personality: `STEP: personality. How ${who.name} thinks and speaks: 4 to 6 sentences, with two or three of their own short quotes from the passages. Answer JSON only: {"text":"…"}`,
    background: `STEP: background. Who ${who.name} is in the book: family, place, what happens to them, as far as the passages tell. 4 to 6 sentences. Answer JSON only: {"text":"…"}`,
    voice: `STEP: voice. The first message ${who.name} would send a reader who opens a chat with them, in their own voice (two or three sentences), and up to four example lines in their voice, each citing the passage whose words or manner it follows. Answer JSON only: {"firstMessage":"…","examples":["…"]}`,
    imagePrompt: `STEP: image. A prompt for an image designer: how ${who.name} looks (face, hair, clothes, age, setting), from the passages. One paragraph. Answer JSON only: {"text":"…"}`,
  };
  if (step === 'voice') {
    const r = await ask(reader, Voice, system, tasks.voice, signal);
    return {
      usage: r.usage,
      value: {
        firstMessage: field(r.value.firstMessage, sent),
        examples: r.value.examples.map((e) => field(e, sent)),
      },
    };
  }
  const r = await ask(reader, Text, system, tasks[step], signal);
  const key = step === 'imagePrompt' ? 'imagePrompt' : step;
  return { usage: r.usage, value: { [key]: field(r.value.text, sent) } };
}
