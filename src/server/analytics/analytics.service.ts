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
/** Counts wait in memory at most this long, or until there are this many, then go in one write. */
export const ANALYTICS_FLUSH_MS = 1000;
export const ANALYTICS_FLUSH_EVENTS = 500;

interface Counted {
  day: string;
  event: UsageEvent;
  detail: string;
  userId: number | null;
  /** `u:<id>` or `v:<visitor>`: who is active that day (hashed when written). */
  who: string | null;
}

export function analyticsService(
  deps: Pick<Deps, 'clock' | 'domain' | 'log'>,
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

  // Events are counted in memory and written in batches (three statements for a whole batch
  // instead of three per event: a chat turn's share of the work after its answer). Written
  // every ANALYTICS_FLUSH_MS or ANALYTICS_FLUSH_EVENTS, and by `deps.domain.settled()` (graceful
  // shutdown, tests). A crash loses at most that second of counts; they are not billing.
  let pending: Counted[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;

  async function write(batch: Counted[]) {
    // Opt-outs are read when the batch is written: one who opts out meanwhile is not counted.
    const ids = [...new Set(batch.flatMap((c) => (c.userId ? [c.userId] : [])))];
    const out = await repo.optedOutAmong(ids);
    const counts = new Map<string, { day: string; event: string; detail: string; count: number }>();
    const active = new Map<string, { day: string; who: string }>();
    for (const c of batch) {
      if (c.userId && out.has(c.userId)) continue;
      const key = `${c.day}\n${c.event}\n${c.detail}`;
      const row = counts.get(key);
      if (row) row.count++;
      else counts.set(key, { day: c.day, event: c.event, detail: c.detail, count: 1 });
      if (c.who) active.set(`${c.day}\n${c.who}`, { day: c.day, who: c.who });
    }
    // In key order, so concurrent writers (other instances) take the row locks in one order.
    const byKey = <T>(m: Map<string, T>) =>
      [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    await repo.countMany(byKey(counts));
    const subjects = await Promise.all(
      byKey(active).map(async (a) => ({ day: a.day, subject: await subject(a.day, a.who) })),
    );
    await repo.activeMany(
      subjects.sort((a, b) => (a.day + a.subject < b.day + b.subject ? -1 : 1)),
    );
  }

  /** Writes what is counted so far; one write at a time. */
  async function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    while (writing) await writing;
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    writing = write(batch)
      .catch((err: unknown) =>
        deps.log.warn({ err, events: batch.length }, 'analytics not written'),
      )
      .finally(() => (writing = null));
    await writing;
  }
  deps.domain.onSettle(flush);

  function record(
    event: UsageEvent,
    who: { userId?: number | null; visitor?: string | undefined },
    detail = '',
  ) {
    const id = who.userId ? `u:${who.userId}` : who.visitor ? `v:${who.visitor}` : null;
    pending.push({ day: day(), event, detail, userId: who.userId ?? null, who: id });
    if (pending.length >= ANALYTICS_FLUSH_EVENTS) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), ANALYTICS_FLUSH_MS);
      timer.unref();
    }
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
      // Public: anyone may count a view; a signed-in visitor counts as themselves. The root
      // only redirects (to /home or /main): no screen, no view (issue 38, defect 16).
      const route = routeOf(input.path);
      if (route === '/') return {};
      record('page_view', { userId: ctx.user?.id, visitor: input.visitor }, route);
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
