import { friendTypeTraits, Priv, UserType } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { AppError, refusal } from '../errors.ts';
import { formatTime } from '../../protocol/time.ts';
import { msg } from '../wording.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import type { MessageRow } from './chat.repo.ts';
import {
  createSubjectWithGreeting,
  openFriend,
  resolveSubject,
  toChatMessage,
  inHistory,
  variantKeys,
  withVariants,
} from './conversation.ts';
import type { ReplyRunner } from './reply-runner.ts';

const PAGE = 50;

/** Subjects, the conversation view, reset and rewind, canvas, memory and self notes. */
export function subjectsService(
  deps: Pick<Deps, 'credits' | 'engine'>,
  repos: Pick<Repos, 'audit' | 'chat' | 'friends' | 'memoryFacts' | 'users'>,
  runner: Pick<ReplyRunner, 'isLocal'>,
) {
  const { audit, chat: repo, friends, users, memoryFacts: facts } = repos;

  async function open(friendid: string, ctx: Ctx) {
    const me = requireUser(ctx);
    return { me, ...(await openFriend(friends, friendid, me)) };
  }

  async function existing(userId: number, friendRowId: number, name: string) {
    const s = await repo.subjectByName(userId, friendRowId, name);
    if (!s) throw refusal(ErrorCode.NOT_FOUND, 'subjectNotFound');
    return s;
  }

  return {
    async retrieve(input: ParsedInput<'RetrieveConversation'>, ctx: Ctx) {
      const opened = await open(input.friendid, ctx);
      const { friend, ownerEmail, ownerName } = opened;
      let { me, priv } = opened;
      // The history viewer: an admin reads someone else's conversation.
      if (input.user && input.user.toLowerCase() !== me.email) {
        if (me.usertype !== UserType.admin) throw new AppError(ErrorCode.IDENTITY_MISMATCH);
        const other = await users.byEmail(input.user);
        if (!other) throw new AppError(ErrorCode.NOT_FOUND);
        // Every viewing of someone else's conversation is audited (history viewer).
        await audit.record({
          viewerId: me.id,
          viewerEmail: me.email,
          targetEmail: other.email,
          friendid: friend.friendid,
        });
        me = { ...me, id: other.id };
        priv = 0;
      }
      const subject = await resolveSubject(repo, me, friend, input.subject, ctx);
      const { rows, hasmore } = await repo.page(subject.id, input.limit ?? PAGE, input.before);
      // Editors see what each answer cost beside its model (billing's price table).
      const cost = (m: MessageRow) =>
        deps.credits.turnCredits(m.model ?? '', m.model === 'offline', {
          tokensIn: m.inputTokens,
          tokensCached: m.cachedInputTokens,
          tokensOut: m.outputTokens,
        });
      const chat = withVariants(
        rows.filter((m) => !m.hidden).map((m) => toChatMessage(m, priv === Priv.edit, cost)),
        rows,
        await repo.variantGroups(subject.id, variantKeys(rows)),
      );
      // A reply left streaming by a stopped server is no longer being written.
      for (const m of chat) {
        if (m.status === 'streaming' && !runner.isLocal(m.id)) {
          const row = rows.find((r) => r.id === m.id)!;
          if (Date.now() - row.updatedAt.getTime() > 30_000) {
            await repo.updateMessage(m.id, { status: 'failed', error: null });
            m.status = 'failed';
            m.error = msg('replyFailed', ctx.lang);
          }
        }
      }
      return {
        friendname: friend.friendname,
        image: friend.image,
        public: friend.publicfriend === 1,
        friendtype: friend.friendtype,
        voice: friend.voice,
        voice_instructions: friend.voiceInstructions,
        creator: friendTypeTraits(friend.friendtype).brand ? '' : ownerEmail,
        creatorname: friendTypeTraits(friend.friendtype).brand ? '' : ownerName,
        subject: subject.name,
        chat,
        hasmore,
        priv,
      };
    },

    async reset(input: ParsedInput<'ResetConversation'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      const subject = await resolveSubject(repo, me, friend, input.subject, ctx, false);
      await repo.clear(subject.id);
      await createSubjectWithGreeting(repo, me, friend, subject.name, ctx.lang);
      return {};
    },

    async rewind(input: ParsedInput<'RewindConversation'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      const subject = await resolveSubject(repo, me, friend, input.subject, ctx, false);
      let id = input.id;
      if (!id && input.tm) {
        // Times have whole seconds, and a question and its answer usually share one: the
        // rewind icon is on answers, so the answer at that time is meant (the last one, should
        // several share it, so that a guess never deletes an answer the reader kept).
        const atTime = (await repo.since(subject.id, 0)).filter(
          (m) => formatTime(m.createdAt) === input.tm,
        );
        id = (atTime.findLast((m) => m.role === 'assistant') ?? atTime.at(-1))?.id;
      }
      const target = id ? await repo.messageById(id) : undefined;
      if (!target || target.subject.id !== subject.id) throw new AppError(ErrorCode.NOT_FOUND);
      const removed = await repo.deleteAfter(subject.id, target.message.id);
      // A summary that covered removed turns no longer holds.
      if (subject.summarizedUpTo > target.message.id)
        await repo.updateSubject(subject.id, { summary: '', summarizedUpTo: 0 });
      return { removed };
    },

    async list(input: ParsedInput<'GetSubjects'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      let rows = await repo.listSubjects(me.id, friend.id);
      if (rows.length === 0) rows = [await resolveSubject(repo, me, friend, undefined, ctx)];
      return { subjects: rows.map((s) => s.name) };
    },

    async fork(input: ParsedInput<'ForkSubject'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      if (!input.newsubject) throw refusal(ErrorCode.BAD_INPUT, 'subjectBlank');
      const from = await existing(me.id, friend.id, input.subject);
      if (await repo.subjectByName(me.id, friend.id, input.newsubject))
        throw refusal(ErrorCode.CONFLICT, 'subjectExists');
      const copy = await repo.forkSubject(from, input.newsubject);
      return { subject: copy.name };
    },

    async remove(input: ParsedInput<'DelSubject'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      const s = await existing(me.id, friend.id, input.subject);
      await repo.deleteSubject(s.id);
      return { subjects: (await repo.listSubjects(me.id, friend.id)).map((x) => x.name) };
    },

    /** A new subject (or the existing one of that name), or a rename of `subject`. */
    async update(input: ParsedInput<'UpdateSubject'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      if (!input.newsubject) throw refusal(ErrorCode.BAD_INPUT, 'subjectBlank');
      const clash = await repo.subjectByName(me.id, friend.id, input.newsubject);
      if (!input.subject) {
        const s =
          clash ?? (await createSubjectWithGreeting(repo, me, friend, input.newsubject, ctx.lang));
        return { subject: s.name };
      }
      const s = await existing(me.id, friend.id, input.subject);
      if (clash && clash.id !== s.id) throw refusal(ErrorCode.CONFLICT, 'subjectExists');
      return { subject: (await repo.updateSubject(s.id, { name: input.newsubject })).name };
    },

    async canvas(input: ParsedInput<'GetCanvas'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      const s = await resolveSubject(repo, me, friend, input.subject, ctx);
      return { canvas: s.canvas, backup: s.canvasBackup };
    },

    async saveCanvas(input: ParsedInput<'UpdateCanvas'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      const s = await resolveSubject(repo, me, friend, input.subject, ctx);
      if (input.contents === s.canvas) return { canvas: s.canvas, backup: s.canvasBackup };
      const u = await repo.updateSubject(s.id, { canvas: input.contents, canvasBackup: s.canvas });
      return { canvas: u.canvas, backup: u.canvasBackup };
    },

    async memory(input: ParsedInput<'GetSetMemory'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      if ((input.set === 1 || input.set === true) && input.memory !== undefined) {
        await facts.replaceAll(me.id, friend.id, input.memory);
      }
      return { memory: (await repo.memory(me.id, friend.id))?.memory ?? '' };
    },

    async self(input: ParsedInput<'GetSetSelf'>, ctx: Ctx) {
      const me = requireUser(ctx);
      if (!input.friendid) {
        if (input.notes !== undefined) await users.update(me.id, { notes: input.notes });
        return { notes: (await users.byId(me.id))?.notes ?? '' };
      }
      const { friend } = await open(input.friendid, ctx);
      if (input.notes !== undefined) await repo.setNotes(me.id, friend.id, input.notes);
      return { notes: await repo.notes(me.id, friend.id) };
    },

    async analyze(input: ParsedInput<'AnalyzeConversationSubject'>, ctx: Ctx) {
      const { me, friend } = await open(input.friendid, ctx);
      const s = await resolveSubject(repo, me, friend, input.subject, ctx, false);
      const rows = (await repo.since(s.id, 0)).filter(inHistory);
      const lang = input.lang ?? ctx.lang;
      const text = rows
        .map((m) => `${m.role === 'user' ? 'USER' : friend.friendname}: ${m.content}`)
        .join('\n')
        .slice(-40_000);
      const result = await deps.engine.generate({
        model: friend.model,
        system:
          lang === 'he'
            ? 'נתח/י בקצרה את השיחה: הנושאים העיקריים, הטון הרגשי, ומה כדאי להמשיך לשאול. עד 150 מילים, בעברית.'
            : 'Briefly analyse the conversation: main topics, emotional tone, and what to ask next. At most 150 words.',
        messages: [
          { role: 'user', content: `${s.summary ? `EARLIER: ${s.summary}\n` : ''}${text}` },
        ],
        temperature: 0.3,
        offline: {
          friendname: friend.friendname,
          firstprompt: '',
          personality: '',
          background: '',
          knowledge: [],
          lang,
          task: 'analysis',
        },
      });
      const fallback =
        lang === 'he'
          ? `בנושא "${s.name}" יש ${rows.length} הודעות. ניתוח מפורט דורש ספק מודלים מוגדר.`
          : `The subject "${s.name}" has ${rows.length} messages. A detailed analysis needs a configured model provider.`;
      return { analysis: result.text.trim() || fallback };
    },
  };
}
