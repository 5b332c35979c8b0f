import { createHmac, randomBytes } from 'node:crypto';
import type { UsageEvent } from '../../protocol/usage.ts';
import { UserType } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { usageStats } from './usage-report.ts';

/** The admin page's default span, as the CLI's. */
const DEFAULT_DAYS = 30;

/** The app's screens (spec part 1 §2); anything else counts as `/other`. */
const ROUTES = new Set([
  'home',
  'login',
  'main',
  'assistant',
  'chat',
  'minchat',
  'multichat',
  'chathistory',
  'createdit',
  'createimg',
  'stat',
  'edituser',
  'subscription',
  'buy',
  'usage',
]);

/** `/chat/holmes?x` → `/chat`: a screen, never an id or a sign-in token. */
export function routeOf(path: string): string {
  const first = path.split(/[?#]/)[0]!.split('/').filter(Boolean)[0] ?? '';
  return ROUTES.has(first) ? `/${first}` : first ? '/other' : '/';
}

/**
 * Usage analytics of our own, in the database: counts per day and event, and who was active
 * per day as an unlinkable hash. Never message content, never a user id in the counts.
 * Users who opted out (or whose browser says Do Not Track, see the web client) are skipped.
 */
export function analyticsService(
  deps: Pick<Deps, 'clock' | 'domain'>,
  repos: Pick<Repos, 'analytics'>,
) {
  const repo = repos.analytics;
  let secret: Promise<string> | null = null;
  const day = () => deps.clock.now().toISOString().slice(0, 10);

  async function subject(d: string, who: string) {
    secret ??= repo.secret(randomBytes(32).toString('hex'));
    return createHmac('sha256', await secret)
      .update(`${d}:${who}`)
      .digest('base64url');
  }

  async function record(
    event: UsageEvent,
    who: { userId?: number | null; visitor?: string | undefined },
    detail = '',
  ) {
    if (who.userId && (await repo.optedOut(who.userId))) return;
    const d = day();
    await repo.count(d, event, detail);
    const id = who.userId ? `u:${who.userId}` : who.visitor ? `v:${who.visitor}` : null;
    if (id) await repo.active(d, await subject(d, id));
  }

  deps.domain.on('user.signed-in', (e) => record('sign_in', { userId: e.userId }));
  deps.domain.on('turn.finished', (e) => record('message_sent', { userId: e.userId }));
  deps.domain.on('image.created', (e) =>
    e.ok ? record('image_created', { userId: e.userId }) : undefined,
  );
  deps.domain.on('order.paid', (e) => record('purchase', { userId: e.userId }));

  return {
    record,
    async trackPageView(input: ParsedInput<'TrackPageView'>, ctx: Ctx) {
      // Public: anyone may count a view; a signed-in visitor counts as themselves.
      await record(
        'page_view',
        { userId: ctx.user?.id, visitor: input.visitor },
        routeOf(input.path),
      );
      return {};
    },
    async getSetOptOut(input: ParsedInput<'GetSetAnalyticsOptOut'>, ctx: Ctx) {
      const me = requireUser(ctx);
      if (input.optout !== undefined) await repo.setOptOut(me.id, input.optout === 1);
      return { optout: (await repo.optedOut(me.id)) ? 1 : 0 };
    },
    /** The admin page: the same report as `npm run admin -- usage`, for admins only. */
    async usage(input: ParsedInput<'GetUsageStats'>, ctx: Ctx) {
      // The dispatcher checks the level too; this keeps the rule if the registry changes.
      if (requireUser(ctx).usertype !== UserType.admin)
        throw refusal(ErrorCode.FORBIDDEN, 'usageNoRight');
      return usageStats(repo, input.days ?? DEFAULT_DAYS, deps.clock.now());
    },
  };
}
