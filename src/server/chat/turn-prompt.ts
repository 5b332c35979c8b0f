import { EDITOR_FRIEND_IDS, friendTypeTraits } from '../../protocol/constants.ts';
import type { EngineMessage, EngineRequest } from '../ai/engine.ts';
import { friendPriv } from '../friends/friend-access.ts';
import { hasPersonalFiles } from '../knowledge/file-scope.ts';
import type { FriendRow, FriendsRepo } from '../friends/friends.repo.ts';
import type { SessionUser } from '../rpc/context.ts';
import type { ChatDeps } from './chat.service.ts';
import type { ChatRepo, MessageRow, SubjectRow } from './chat.repo.ts';
import { assemblePrompt, budgetFor, type AssembledPrompt } from './prompt.ts';
import { inHistory } from './conversation.ts';
import type { Passage } from '../knowledge/retrieval.ts';
import { sourceLabel } from '../reading/citations.ts';
import { horizonSaid } from '../reading/horizon.ts';
import { readingRepo } from '../reading/reading.repo.ts';

export interface TurnPrompt {
  request: EngineRequest;
  assembled: AssembledPrompt;
  modelName: string;
  /** The turns the prompt's history was made of (for folding). */
  history: MessageRow[];
  friend: FriendRow;
  userId: number;
  /** The passages the model was sent, numbered from 1; null when the character does not cite. */
  cited: Passage[] | null;
}

const KNOWLEDGE_PASSAGES = 4;

/** Gathers everything one turn's prompt needs and assembles it (prompt.ts decides the order). */
export async function buildTurnPrompt(
  deps: ChatDeps,
  repo: ChatRepo,
  friends: FriendsRepo,
  t: {
    me: SessionUser;
    friend: FriendRow;
    subject: SubjectRow;
    userMessage: MessageRow;
    lang: 'he' | 'en';
    detailsfor?: string | undefined;
  },
): Promise<TurnPrompt> {
  const { me, friend, subject, userMessage, lang } = t;
  const resolved = deps.engine.resolver.resolve(friend.model);
  const reading = readingRepo(deps.db);
  // "I have read up to chapter 7" said in words sets the reader's spoiler horizon first.
  const said = horizonSaid(userMessage.content);
  if (said) {
    const chapter = 'chapter' in said ? said.chapter : null;
    await reading.setHorizon(me.id, friend.id, chapter, deps.clock.now());
  }
  const [speaker, all, knowledge, horizon] = await Promise.all([
    repo.speaker(me.id, friend.id),
    repo.since(subject.id, subject.summarizedUpTo),
    // Only helpers and editors hold personal files: others search their shared passages alone.
    // Passages past the reader's horizon are never found.
    deps
      .retrieve(
        friend.id,
        userMessage.content,
        KNOWLEDGE_PASSAGES,
        hasPersonalFiles(friend) ? me.id : null,
        me.id,
      )
      .catch((err: unknown) => {
        deps.log.warn({ err }, 'knowledge retrieval failed');
        return [] as Passage[];
      }),
    reading.horizon(me.id, friend.id),
  ]);
  const cite = friend.citations === 1;
  const history = all.filter((m) => m.id < userMessage.id && inHistory(m) && m.content.trim());
  const toEngine = (m: MessageRow): EngineMessage => ({
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
  });
  return {
    request: {
      model: friend.model,
      system: assembled.system,
      messages: assembled.messages,
      temperature: friend.temp / 100,
      topP: friend.topP / 100,
      offline: {
        friendname: friend.friendname,
        firstprompt: friend.firstprompt,
        personality: friend.personality,
        background: friend.background,
        knowledge: knowledge.map((p) => p.text),
        cite,
        lang,
      },
    },
    assembled,
    modelName: resolved.name,
    history,
    friend,
    userId: me.id,
    cited: cite ? knowledge : null,
  };
}
