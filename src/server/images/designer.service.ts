import { generateText, stepCountIs, tool, type ModelMessage } from 'ai';
import { z } from 'zod';
import { GRAPHIC_DESIGNER_FRIEND_ID } from '../../protocol/constants.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import { openFriend, resolveSubject } from '../chat/conversation.ts';
import { chatRepo } from '../chat/chat.repo.ts';
import type { Deps } from '../deps.ts';
import { friendsRepo } from '../friends/friends.repo.ts';
import { formatTime } from '../friends/friends.service.ts';
import { msg } from '../messages.ts';
import type { Ctx } from '../rpc/context.ts';
import type { GenerationService } from './generation.service.ts';
import type { ImageRow } from './images.repo.ts';
import { generatedKey, generatedPath, imageNameFrom } from './images.service.ts';

/** The seeded helper the create-image screen talks to (spec part 2 §7). */
export const DESIGNER_ID = GRAPHIC_DESIGNER_FRIEND_ID;
const HISTORY = 30;
const MARKER = /:#(\d+)/g;

/**
 * Appended to the designer's own texts: how to make an image. It replaces the seeded
 * character's "PROMPT:" line with a tool call (a model that writes the line anyway is understood).
 */
const TOOL_RULES = `
How images are made here: when the description is ready (or the user asks for an image and has said enough), call the tool create_image once, with
- prompt: a clear, detailed description in ENGLISH for the image model (translate the user's words), in one or two flowing sentences;
- negative_prompt: what must not appear, in English, or leave it out;
- request: the user's own words that asked for this image, in their language.
If the user attached a reference picture, the image model receives it as well; describe in the prompt how to use it.
After the tool answers, reply briefly in the user's language that the image is being created. Do not write the prompt or any image number yourself. If the tool answers an error, tell the user plainly.`;

export function designerService(deps: Deps, generation: GenerationService) {
  const chat = chatRepo(deps.db);
  const friends = friendsRepo(deps.db);

  /** The last reference picture in the conversation (a stored name), or ''. */
  function lastReference(rows: { role: string; img: string | null }[]): string {
    for (const m of [...rows].reverse()) {
      const name = m.role === 'user' && m.img ? imageNameFrom(m.img) : null;
      if (name) return name;
    }
    return '';
  }

  return {
    async ask(input: ParsedInput<'AskGraphicalDesigner'>, ctx: Ctx) {
      const me = generation.requireImageMaker(ctx);
      const lang = input.lang ?? ctx.lang;
      const { friend } = await openFriend(friends, DESIGNER_ID, me, ctx);
      const subject = await resolveSubject(chat, me.id, friend, undefined, ctx);
      const pasted = input.img ? await generation.storeReference(me, input.img, lang) : '';
      await chat.insertMessage({
        subjectId: subject.id,
        role: 'user',
        content: input.message,
        img: pasted ? generatedPath(pasted) : null,
      });
      const { rows } = await chat.page(subject.id, HISTORY);
      const refimg = lastReference(rows);
      const resolved = deps.engine.resolver.resolve(friend.model);

      const made: ImageRow[] = [];
      let refused = false;
      async function make(prompt: string, negativePrompt: string, request: string) {
        const row = await generation.create(me.id, { prompt, negativePrompt, request, refimg });
        if (row) made.push(row);
        else refused = true;
        return row;
      }

      let answer: string;
      let model = resolved.name;
      if (!resolved.model) {
        // No language model: the user's words go to the image model as they are, and the
        // answer says so.
        model = 'offline';
        await make(input.message.trim(), '', input.message.trim());
        answer = msg('designerOffline', lang);
      } else {
        const reference = pasted ? await deps.storage.get(generatedKey(pasted)) : null;
        const messages: ModelMessage[] = rows
          .filter((m) => m.status !== 'failed' && m.content.trim())
          .map((m, i, all) =>
            m.role === 'user'
              ? i === all.length - 1 && reference
                ? {
                    role: 'user' as const,
                    content: [
                      { type: 'file' as const, data: reference, mediaType: 'image/webp' },
                      { type: 'text' as const, text: m.content },
                    ],
                  }
                : { role: 'user' as const, content: m.content }
              : { role: 'assistant' as const, content: m.content.replace(MARKER, '').trim() },
          );
        const result = await generateText({
          model: resolved.model,
          system: `${friend.personality}\n\n${friend.background}\n${TOOL_RULES}`,
          messages,
          temperature: friend.temp / 100,
          maxRetries: 1,
          stopWhen: stepCountIs(3),
          tools: {
            create_image: tool({
              description:
                'Creates the image: makes a record, starts generating it, and answers its number.',
              inputSchema: z.object({
                prompt: z.string().min(1).max(4000),
                negative_prompt: z.string().max(2000).optional(),
                request: z.string().max(4000).optional(),
              }),
              execute: async (a) => {
                const row = await make(
                  a.prompt,
                  a.negative_prompt ?? '',
                  a.request?.trim() || input.message.trim(),
                );
                return row
                  ? { num: row.num, status: 'generating' }
                  : { error: 'The user has no image credits left.' };
              },
            }),
          },
        });
        await deps.media.meter.record({
          userId: me.id,
          kind: 'chat',
          provider: resolved.provider,
          model: resolved.name,
          tokensIn: result.totalUsage.inputTokens ?? 0,
          tokensOut: result.totalUsage.outputTokens ?? 0,
        });
        // Only numbers the tool made are markers; one the model wrote itself is dropped.
        answer = result.text.replace(MARKER, '').trim();
        // A model without tools may still write the seeded character's PROMPT: line.
        const line = /^\s*PROMPT:\s*(.+)$/im.exec(answer);
        if (!made.length && !refused && line) {
          await make(line[1]!.trim(), '', input.message.trim());
          answer = answer.replace(line[0], '').trim();
        }
        if (made.length && !answer) answer = msg('designerCreated', lang);
      }
      if (refused) answer = `${answer}\n\n${msg('designerNoCredit', lang)}`.trim();
      const num = made.at(-1)?.num ?? 0;
      if (num) answer = `${answer}\n\n:#${num}`;
      const saved = await chat.insertMessage({
        subjectId: subject.id,
        role: 'assistant',
        content: answer,
        speaker: friend.friendname,
        model,
      });
      return {
        answer,
        refimg: refimg ? generatedPath(refimg) : '',
        num,
        tm: formatTime(saved.createdAt),
        offline: model === 'offline' ? (1 as const) : (0 as const),
      };
    },
  };
}
