import { Priv } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal, REFUSAL_TEXT } from '../errors.ts';
import { friendPriv } from '../friends/friend-access.ts';
import type { FriendRow } from '../friends/friends.repo.ts';
import { formatTime } from '../../protocol/time.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import { analyze, sampleConversations } from './analysis.ts';
import { statFigures } from './stat-figures.ts';
import { statsRollup } from './stats-rollup.ts';

const DAY_MS = 86_400_000;
/** The plots' windows. */
const DAYS = 60;
const WEEKS = 26;

interface AnalyzeJob {
  friendRowId: number;
  lang: 'he' | 'en';
}

/** Conversation analytics of one character (spec part 2 §2 Analytics screen). */
export function statsService(deps: Deps, repos: Pick<Repos, 'friends' | 'rollup' | 'stats'>) {
  const { stats: repo, friends } = repos;
  const rollup = statsRollup(deps, repos.rollup);

  /**
   * First line: the character's editors (owners, editors on its list, global privilege)
   * see its analytics; anyone else is refused with the reason, also as the spec's
   * ErrorMessage.
   */
  async function requireStatsAccess(friendid: string, ctx: Ctx) {
    const me = requireUser(ctx);
    const found = await friends.byFriendId(friendid);
    if (!found) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
    const priv = await friendPriv(friends, found.friend, me);
    if (priv !== Priv.edit) {
      throw refusal(ErrorCode.FORBIDDEN, 'statNoRight', undefined, { ErrorMessage: REFUSAL_TEXT });
    }
    return { me, friend: found.friend };
  }

  deps.jobs.define<AnalyzeJob>(
    'stats-analyze',
    async ({ friendRowId, lang }) => {
      const friend = (await friends.byId(friendRowId)) as FriendRow | undefined;
      if (!friend) return;
      if (!deps.engine.resolver.resolve(friend.model).model) {
        await repo.saveAnalysis(friendRowId, lang, { state: 'offline', error: null });
        return;
      }
      const sample = await sampleConversations(repo, friendRowId);
      try {
        const out = sample.length ? await analyze(deps.engine, friend, sample, lang) : null;
        if (sample.length && !out) throw new Error('the model did not answer with the analysis');
        await repo.saveAnalysis(friendRowId, lang, {
          state: 'ready',
          summary: out?.result.summary ?? '',
          topics: out?.result.topics ?? [],
          tone: out?.result.tone ?? [],
          inconsistencies: out?.result.inconsistencies ?? [],
          sampled: sample.length,
          error: null,
        });
        if (out)
          await deps.media.meter.record({
            userId: null,
            kind: 'chat',
            model: out.model,
            provider: deps.engine.resolver.resolve(out.model).provider,
            tokensIn: out.usage.inputTokens,
            tokensOut: out.usage.outputTokens,
          });
      } catch (err) {
        // The model call was already retried (the AI SDK's retries); what is left is shown as
        // a failed state the creator can try again from, not retried behind their back.
        deps.log.warn({ err, friend: friend.friendid, lang }, 'the analysis failed');
        await repo.saveAnalysis(friendRowId, lang, {
          state: 'failed',
          error: err instanceof Error ? err.message : String(err),
        });
      }
    },
    { retryLimit: 2, retryDelaySeconds: 30, policy: 'stately' },
  );

  async function enqueue(friendRowId: number, lang: 'he' | 'en') {
    await repo.saveAnalysis(friendRowId, lang, { state: 'pending', error: null });
    await deps.jobs.send('stats-analyze', { friendRowId, lang } satisfies AnalyzeJob, {
      singletonKey: `${friendRowId}:${lang}`,
    });
  }

  const showsEmails = (me: SessionUser, friend: FriendRow) =>
    me.globalpriv || friend.publicfriend !== 1;

  return {
    async stat(input: ParsedInput<'friendstat'>, ctx: Ctx) {
      const { me, friend } = await requireStatsAccess(input.friendid, ctx);
      const lang = input.lang ?? ctx.lang;
      const now = deps.clock.now().getTime();
      const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      await rollup.catchUp();
      const [rows, chatConversations, analysis] = await Promise.all([
        rollup.repo.rows(friend.id),
        rollup.repo.chatConversations(friend.id),
        repo.analysis(friend.id, lang),
      ]);
      const fig = statFigures(rows, iso(now - DAYS * DAY_MS), iso(now - WEEKS * 7 * DAY_MS), (r) =>
        deps.credits.turnUsd(r.model, r.model === 'offline', {
          tokensIn: r.inputTokens,
          tokensCached: r.cachedInputTokens,
          tokensOut: r.outputTokens,
        }),
      );
      const emails = showsEmails(me, friend) ? await rollup.repo.emails(fig.users) : [];
      return {
        FriendName: friend.friendname,
        Image: friend.image,
        TotalMessages: fig.messages,
        TotalUsers: fig.users.length,
        Conversations: chatConversations + fig.groupConversations,
        Users: emails,
        UsersHidden: !showsEmails(me, friend),
        Analysis: {
          summery: analysis?.summary ?? '',
          MainTopics: analysis?.topics ?? [],
          EmotionalTone: analysis?.tone ?? [],
          Inconsitensies: analysis?.inconsistencies ?? [],
        },
        AnalysisState: analysis?.state ?? 'none',
        AnalyzedAt: analysis && analysis.state === 'ready' ? formatTime(analysis.updatedAt) : '',
        AnalyzedMessages: analysis?.sampled ?? 0,
        PerDay: fig.perDay,
        PerWeek: fig.perWeek,
        CostPerDay: fig.costPerDay,
      };
    },

    async analyze(input: ParsedInput<'AnalyzeFriendStats'>, ctx: Ctx) {
      const { friend } = await requireStatsAccess(input.friendid, ctx);
      await enqueue(friend.id, input.lang ?? ctx.lang);
      return { AnalysisState: 'pending' };
    },
  };
}
