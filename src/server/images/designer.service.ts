import { stepCountIs, streamText, tool, type LanguageModel, type ModelMessage } from 'ai';
import { z } from 'zod';
import { GRAPHIC_DESIGNER_FRIEND_ID } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ActionOutput, ParsedInput } from '../../protocol/registry.ts';
import type { DesignerStreamEvents } from '../../protocol/streams.ts';
import { openFriend, resolveSubject } from '../chat/conversation.ts';
import type { MessageRow } from '../chat/chat.repo.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import type { FriendRow } from '../friends/friends.repo.ts';
import { formatTime } from '../../protocol/time.ts';
import { msg } from '../wording.ts';
import type { Repos } from '../repos.ts';
import type { Ctx, SessionUser } from '../rpc/context.ts';
import { streamingRun, type Send as StreamSend } from '../rpc/streaming.ts';
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

type Send = StreamSend<DesignerStreamEvents>;

/** What one turn with the designer works from, and the images it made so far. */
interface Turn {
  me: SessionUser;
  lang: 'he' | 'en';
  friend: FriendRow;
  rows: MessageRow[];
  /** The reference pasted with this message (a stored name), or ''. */
  pasted: string;
  message: string;
  made: ImageRow[];
  /** A record was refused: no image credits left. */
  refused: boolean;
  make(prompt: string, negativePrompt: string, request: string): Promise<ImageRow | null>;
}

export function designerService(
  deps: Deps,
  repos: Pick<Repos, 'chat' | 'friends'>,
  generation: GenerationService,
) {
  const { chat, friends } = repos;

  /** The last reference picture in the conversation (a stored name), or ''. */
  function lastReference(rows: { role: string; img: string | null }[]): string {
    for (const m of [...rows].reverse()) {
      const name = m.role === 'user' && m.img ? imageNameFrom(m.img) : null;
      if (name) return name;
    }
    return '';
  }

  /** The user's words go to the image model as they are (no language model is connected). */
  async function offlineTurn(turn: Turn, send: Send) {
    await turn.make(turn.message, '', turn.message);
    const answer = msg('designerOffline', turn.lang);
    send('delta', { text: answer });
    return { answer, model: 'offline' };
  }

  /** The designer's model, streamed: text as it arrives, and `image` when its tool made one. */
  async function modelTurn(
    turn: Turn,
    model: LanguageModel,
    resolved: { name: string; provider: string },
    send: Send,
  ) {
    const reference = turn.pasted ? await deps.storage.get(generatedKey(turn.pasted)) : null;
    const messages: ModelMessage[] = turn.rows
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
    const result = streamText({
      model,
      system: `${turn.friend.personality}\n\n${turn.friend.background}\n${TOOL_RULES}`,
      messages,
      temperature: turn.friend.temp / 100,
      maxRetries: 1,
      stopWhen: stepCountIs(3),
      // Errors arrive in the stream and are handled below; no console noise.
      onError: () => {},
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
            const row = await turn.make(
              a.prompt,
              a.negative_prompt ?? '',
              a.request?.trim() || turn.message,
            );
            return row
              ? { num: row.num, status: 'generating' }
              : { error: 'The user has no image credits left.' };
          },
        }),
      },
    });
    let text = '';
    let stepEnded = false;
    let usage = { inputTokens: 0, outputTokens: 0 };
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        // Text written after a tool call starts a new paragraph.
        const piece = stepEnded && text.trim() ? `\n\n${part.text}` : part.text;
        stepEnded = false;
        text += piece;
        send('delta', { text: piece });
      } else if (part.type === 'finish-step') stepEnded = true;
      else if (part.type === 'error') throw part.error;
      else if (part.type === 'finish')
        usage = {
          inputTokens: part.totalUsage.inputTokens ?? 0,
          outputTokens: part.totalUsage.outputTokens ?? 0,
        };
    }
    await deps.media.meter.record({
      userId: turn.me.id,
      kind: 'chat',
      provider: resolved.provider,
      model: resolved.name,
      tokensIn: usage.inputTokens,
      tokensOut: usage.outputTokens,
    });
    // Only numbers the tool made are markers; one the model wrote itself is dropped.
    let answer = text.replace(MARKER, '').trim();
    // A model without tools may still write the seeded character's PROMPT: line.
    const line = /^\s*PROMPT:\s*(.+)$/im.exec(answer);
    if (!turn.made.length && !turn.refused && line) {
      await turn.make(line[1]!.trim(), '', turn.message);
      answer = answer.replace(line[0], '').trim();
    }
    if (turn.made.length && !answer) answer = msg('designerCreated', turn.lang);
    return { answer, model: resolved.name };
  }

  return {
    /**
     * One turn with the designer. Refusals answer at once; then the answer streams (`delta`
     * events, `image` when a record is made) and is stored when complete, whether or not the
     * browser is still there.
     */
    async ask(input: ParsedInput<'AskGraphicalDesigner'>, ctx: Ctx) {
      const me = generation.requireImageMaker(ctx);
      const lang = input.lang ?? ctx.lang;
      const { friend } = await openFriend(friends, DESIGNER_ID, me);
      const subject = await resolveSubject(chat, me, friend, undefined, ctx);
      const pasted = input.img ? await generation.storeReference(me, input.img) : '';
      await chat.insertMessage({
        subjectId: subject.id,
        role: 'user',
        content: input.message,
        img: pasted ? generatedPath(pasted) : null,
      });
      const { rows } = await chat.page(subject.id, HISTORY);
      const refimg = lastReference(rows);
      const resolved = deps.engine.resolver.resolve(friend.model);

      return streamingRun<ActionOutput<'AskGraphicalDesigner'>, DesignerStreamEvents>(
        async (send) => {
          const turn: Turn = {
            me,
            lang,
            friend,
            rows,
            pasted,
            message: input.message.trim(),
            made: [],
            refused: false,
            async make(prompt, negativePrompt, request) {
              const row = await generation.create(me.id, {
                prompt,
                negativePrompt,
                request,
                refimg,
              });
              if (row) {
                turn.made.push(row);
                // The grid shows the new image (loading) before the answer is complete.
                send('image', { num: row.num });
              } else turn.refused = true;
              return row;
            },
          };
          let result: { answer: string; model: string };
          try {
            result = resolved.model
              ? await modelTurn(turn, resolved.model, resolved, send)
              : await offlineTurn(turn, send);
          } catch (err) {
            deps.log.warn({ err }, 'the designer could not answer');
            // An image already made stands (its job runs); otherwise the turn failed.
            if (!turn.made.length) throw refusal(ErrorCode.UPSTREAM, 'replyFailed');
            result = { answer: msg('designerCreated', lang), model: resolved.name };
          }
          let answer = result.answer;
          if (turn.refused) answer = `${answer}\n\n${msg('designerNoCredit', lang)}`.trim();
          const num = turn.made.at(-1)?.num ?? 0;
          if (num) answer = `${answer}\n\n:#${num}`;
          const saved = await chat.insertMessage({
            subjectId: subject.id,
            role: 'assistant',
            content: answer,
            speaker: friend.friendname,
            model: result.model,
          });
          return {
            answer,
            refimg: refimg ? generatedPath(refimg) : '',
            num,
            tm: formatTime(saved.createdAt),
            offline: result.model === 'offline' ? (1 as const) : (0 as const),
          };
        },
      );
    },
  };
}
