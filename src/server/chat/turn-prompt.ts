import { EDITOR_FRIEND_IDS, friendTypeTraits } from '../../protocol/constants.ts';
import type { EngineMessage, EngineRequest } from '../ai/engine.ts';
import { friendPriv } from '../friends/friend-access.ts';
import { hasPersonalFiles } from '../knowledge/file-scope.ts';
import type { FriendRow } from '../friends/friends.repo.ts';
import type { Repos } from '../repos.ts';
import type { SessionUser } from '../rpc/context.ts';
import type { ChatDeps } from './chat.service.ts';
import type { MessageRow, PromptTurn, Speaker, TurnSubject } from './chat.repo.ts';
import { assemblePrompt, budgetFor, type AssembledPrompt } from './prompt.ts';
import { inHistory } from './conversation.ts';
import type { Passage } from '../knowledge/retrieval.ts';
import { sourceLabel } from '../reading/citations.ts';
import { horizonSaid } from '../reading/horizon.ts';
import { macroNames, replaceMacros } from '../friends/macros.ts';

export interface TurnPrompt {
  request: EngineRequest;
  assembled: AssembledPrompt;
  modelName: string;
  friend: FriendRow;
  userId: number;
  /** The passages the model was sent, numbered from 1; null when the character does not cite. */
  cited: Passage[] | null;
  /**
   * How many messages of the conversation the character's memory has not read once this
   * turn's answer is stored (at least; Infinity when some are out of the prompt's reach).
   */
  unseenByMemory: number;
}

const KNOWLEDGE_PASSAGES = 4;

/** The repositories a turn's prompt reads. */
export type TurnRepos = Pick<Repos, 'chat' | 'friends' | 'reading'>;

type TurnInput = {
  me: SessionUser;
  friend: FriendRow;
  subject: TurnSubject;
  lang: 'he' | 'en';
  detailsfor?: string | undefined;
};

/**
 * What the turn's first statement already read (AskFriend: chatRepo.openTurn), so gatherTurn
 * does not read it again: the speaker, the subject's messages after its summary point, and
 * how many passages a search of the character could reach for this user.
 */
export interface PreRead {
  speaker: Speaker;
  /** The turns inHistory keeps, oldest first. */
  history: PromptTurn[];
  sharedPassages: number;
  ownPassages: number;
}

/** Gathers everything one turn's prompt needs and assembles it (prompt.ts decides the order). */
export async function buildTurnPrompt(
  deps: ChatDeps,
  repos: TurnRepos,
  t: TurnInput & { userMessage: MessageRow },
): Promise<TurnPrompt> {
  const gathered = await gatherTurn(deps, repos, { ...t, question: t.userMessage.content });
  return assembleTurn(deps, repos, t, gathered, t.userMessage);
}

export type GatheredTurn = Awaited<ReturnType<typeof gatherTurn>>;

/**
 * What a turn's prompt reads (the user, the history, the passages, the horizon), from the
 * question's text alone: it can run while the question is being stored (AskFriend). With
 * `read`, the speaker and the history come from there, and a character with no passage for
 * this user is not searched at all.
 */
export async function gatherTurn(
  deps: ChatDeps,
  { chat: repo, reading }: TurnRepos,
  t: TurnInput & { question: string },
  read?: PreRead,
) {
  const { me, friend, subject } = t;
  // Only helpers and editors hold personal files: others search their shared passages alone.
  const personal = hasPersonalFiles(friend);
  // "I have read up to chapter 7" said in words sets the reader's spoiler horizon first.
  const said = horizonSaid(t.question);
  const chapter = said && 'chapter' in said ? said.chapter : null;
  if (said) await reading.setHorizon(me.id, friend.id, chapter, deps.clock.now());
  const searchable = !read || read.sharedPassages + (personal ? read.ownPassages : 0) > 0;
  // The user's names, notes and memory and the reader's horizon come in one statement.
  const [speaker, all, knowledge] = await Promise.all([
    read ? read.speaker : repo.speaker(me.id, friend.id),
    read
      ? read.history
      : repo
          .since(subject.id, subject.summarizedUpTo)
          .then((rows) =>
            rows
              .filter(inHistory)
              .map(({ id, role, content, img }) => ({ id, role, content, img })),
          ),
    // Passages past the reader's horizon are never found.
    searchable
      ? deps
          .retrieve(friend.id, t.question, KNOWLEDGE_PASSAGES, personal ? me.id : null, me.id)
          .catch((err: unknown) => {
            deps.log.warn({ err }, 'knowledge retrieval failed');
            return [] as Passage[];
          })
      : ([] as Passage[]),
  ]);
  // A horizon said in words was set after `read` was read: it is the one that holds now.
  const horizon = read && said ? chapter : speaker.horizon;
  return { speaker: { ...speaker, horizon }, all, knowledge, horizon };
}

/** The prompt of a turn from what gatherTurn read and the stored question. */
export async function assembleTurn(
  deps: ChatDeps,
  { friends }: Pick<Repos, 'friends'>,
  t: TurnInput,
  { speaker, all, knowledge, horizon }: GatheredTurn,
  userMessage: MessageRow,
): Promise<TurnPrompt> {
  const { me, friend, subject, lang } = t;
  const resolved = deps.engine.resolver.resolve(friend.model);
  // Rows read before the question was stored, or after: only the earlier ones are history.
  const earlier = all.filter((m) => m.id < userMessage.id);
  const cite = friend.citations === 1;
  const history = earlier.filter((m) => m.content.trim());
  const toEngine = (m: PromptTurn): EngineMessage => ({
    role: m.role === 'user' ? 'user' : 'assistant',
    content: m.content,
    image: m.img,
  });

  let catalogue;
  if (friendTypeTraits(friend.friendtype).routes) {
    catalogue = (
      await friends.list({
        viewer: { id: me.id, email: me.email },
        lang,
        hideIds: me.canadd ? [] : EDITOR_FRIEND_IDS,
      })
    )
      .filter((f) => f.friendid !== friend.friendid)
      .map((f) => ({ friendid: f.friendid, friendname: f.friendname, description: f.description }));
  }
  let editing;
  if (EDITOR_FRIEND_IDS.includes(friend.friendid.toLowerCase()) && t.detailsfor) {
    const target = await friends.byFriendId(t.detailsfor);
    if (target && (await friendPriv(friends, target.friend, me)) === 0) {
      const f = target.friend;
      editing = {
        friendid: f.friendid,
        friendname: f.friendname,
        personality: f.personality,
        background: f.background,
        friendtype: f.friendtype,
        firstprompt: f.firstprompt,
        description: f.description,
      };
    }
  }

  const assembled = assemblePrompt({
    character: {
      friendid: friend.friendid,
      friendname: friend.friendname,
      personality: friend.personality,
      background: friend.background,
      friendtype: friend.friendtype,
    },
    lang,
    catalogue,
    editing,
    user: speaker,
    summary: subject.summary,
    history: history.map(toEngine),
    knowledge: knowledge.map((p) => ({ text: p.text, source: sourceLabel(p, lang) })),
    cite,
    horizon,
    message: toEngine(userMessage),
    budget: budgetFor(resolved.name),
    note: { prompt: friend.note, depth: friend.noteDepth, role: friend.noteRole },
    lorebook: friend.lorebook,
  });
  const names = macroNames(speaker, friend, lang);
  return {
    request: {
      model: friend.model,
      system: assembled.system,
      messages: assembled.messages,
      temperature: friend.temp / 100,
      topP: friend.topP / 100,
      offline: {
        friendname: friend.friendname,
        firstprompt: replaceMacros(friend.firstprompt, names),
        personality: replaceMacros(friend.personality, names),
        background: replaceMacros(friend.background, names),
        knowledge: knowledge.map((p) => p.text),
        cite,
        lang,
      },
    },
    assembled,
    modelName: resolved.name,
    friend,
    userId: me.id,
    cited: cite ? knowledge : null,
    // The rows read for the history already tell it; the question and its answer are two more.
    unseenByMemory:
      speaker.memorySeenUpTo < subject.summarizedUpTo
        ? Infinity
        : earlier.filter((m) => m.id > speaker.memorySeenUpTo).length + 2,
  };
}
