import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import { requireFriend } from '../friends/friend-access.ts';
import { formatTime } from '../../protocol/time.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { chunkText } from './chunking.ts';
import { queueEmbedding, semanticSearch } from './embedding-index.ts';
import type { AddResult, KnowledgeRow } from './knowledge.repo.ts';
import { retrievePassages, type Passage } from './retrieval.ts';

/** Most knowledge subjects per character (ours: the spec sets none). */
export const MAX_SUBJECTS = 500;

const answer = (k: KnowledgeRow) => ({
  num: k.id,
  subject: k.subject,
  contents: k.contents,
  tm: formatTime(k.updatedAt),
});

export function knowledgeService(
  deps: Pick<Deps, 'clock' | 'config' | 'jobs' | 'log' | 'media'>,
  repos: Pick<Repos, 'chunks' | 'friends' | 'knowledge' | 'vectors'>,
) {
  const { friends, knowledge: repo, chunks, vectors } = repos;

  /** Knowledge is the character's making: only its editors read or change it. */
  async function editable(friendid: string, ctx: Ctx) {
    return (await requireFriend(friends, friendid, requireUser(ctx), 'edit')).friend;
  }

  function saved(result: AddResult | undefined) {
    if (!result) throw refusal(ErrorCode.NOT_FOUND, 'knowledgeNotFound');
    if ('tooMany' in result) {
      throw refusal(ErrorCode.BAD_INPUT, 'knowledgeTooMany', { max: String(MAX_SUBJECTS) });
    }
    return answer(result.row);
  }

  return {
    async subjects(input: ParsedInput<'GetKnowlegeSubjects'>, ctx: Ctx) {
      const friend = await editable(input.friendid, ctx);
      const rows = await repo.list(friend.id);
      return {
        subjects: rows.map((r) => ({ num: r.id, subject: r.subject, tm: formatTime(r.updatedAt) })),
      };
    },

    /** Reads one subject (`num` alone), or saves: a new subject without `num`, else the one numbered. */
    async getSet(input: ParsedInput<'GetSetKnowledge'>, ctx: Ctx) {
      const friend = await editable(input.friendid, ctx);
      // 0 is a spec client's "new", like no num at all.
      const num = input.num || null;
      if (num !== null && input.contents === undefined && input.subject === undefined) {
        const row = await repo.byNum(friend.id, num);
        if (!row) throw refusal(ErrorCode.NOT_FOUND, 'knowledgeNotFound');
        return answer(row);
      }
      let subject = input.subject?.trim() ?? '';
      let contents = input.contents;
      if (num !== null) {
        const row = await repo.byNum(friend.id, num);
        if (!row) throw refusal(ErrorCode.NOT_FOUND, 'knowledgeNotFound');
        subject ||= row.subject;
        contents ??= row.contents;
      }
      if (!subject) throw refusal(ErrorCode.BAD_INPUT, 'blankSubject');
      contents ??= '';
      const result = await repo.save(
        friend.id,
        num,
        { subject, contents, createdBy: requireUser(ctx).id, at: deps.clock.now() },
        chunkText(contents),
        MAX_SUBJECTS,
      );
      const answered = saved(result);
      await queueEmbedding(deps, friend.id);
      return answered;
    },

    async del(input: ParsedInput<'DelKnowledgeManual'>, ctx: Ctx) {
      const friend = await editable(input.friendid, ctx);
      if (!(await repo.remove(friend.id, input.num))) {
        throw refusal(ErrorCode.NOT_FOUND, 'knowledgeNotFound');
      }
      return {};
    },

    /**
     * Imports a text as a knowledge subject (Google Docs): replaces a subject of that name.
     * The caller has checked edit rights on `friendRowId`.
     */
    async importText(
      friendRowId: number,
      w: { subject: string; contents: string; sourceRef: string; userId: number },
    ) {
      const result = await repo.saveBySubject(
        friendRowId,
        {
          subject: w.subject,
          contents: w.contents,
          source: 'gdoc',
          sourceRef: w.sourceRef,
          createdBy: w.userId,
          at: deps.clock.now(),
        },
        chunkText(w.contents),
        MAX_SUBJECTS,
      );
      const answered = saved(result);
      await queueEmbedding(deps, friendRowId);
      return answered;
    },

    /**
     * The passages of a character's files, knowledge subjects and imported documents most
     * relevant to `query`, best first; with `userId`, that user's personal files on it too.
     * For the chat, which has already checked that the user may talk to the character;
     * answers [] for an unknown character.
     */
    async retrieve(
      friendid: string,
      query: string,
      k = 5,
      userId: number | null = null,
    ): Promise<Passage[]> {
      const row = await friends.byFriendId(friendid);
      if (!row) return [];
      const semantic = semanticSearch(deps, vectors, row.friend.id, userId);
      return retrievePassages(chunks, row.friend.id, query, k, userId, null, semantic);
    },

    /**
     * The same by the character's row id (the chat has the row at hand); with `readerId`,
     * within that reader's spoiler horizon (and the reader is billed for the question's
     * embedding).
     */
    passagesFor(
      friendRowId: number,
      query: string,
      k = 5,
      userId: number | null = null,
      readerId: number | null = null,
    ): Promise<Passage[]> {
      const semantic = semanticSearch(deps, vectors, friendRowId, readerId ?? userId);
      return retrievePassages(chunks, friendRowId, query, k, userId, readerId, semantic);
    },
  };
}

export type KnowledgeService = ReturnType<typeof knowledgeService>;
