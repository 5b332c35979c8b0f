import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import { turnCost } from '../ai/prices.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { creditHolds, freeAllowances, usageEvents, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Clock } from '../infra/clock.ts';
import { msg } from '../messages.ts';

/** What a finished turn used (the `turn.finished` payload's part billing needs). */
export interface FinishedTurn {
  userId: number;
  replyId: number;
  model: string;
  provider: string;
  offline: boolean;
  tokensIn: number;
  tokensCached: number;
  tokensOut: number;
}

/** Credits set aside for one turn; bind it to the reply so the turn's end settles it. */
export interface CreditHold {
  bind(replyId: number): Promise<void>;
  /** Gives the credits back (a turn whose answers are charged one by one, e.g. group chat). */
  release(): Promise<void>;
}

/**
 * The credit check every turn calls (chat, group chat): `reserveTurn` before the model is
 * asked, `chargeTurn` when the answer is stored. One port on `deps.credits`.
 */
export interface Credits {
  /**
   * Before a turn: sets aside CREDIT_TURN_HOLD credits, or refuses with NO_CREDITS (Errstr in
   * `lang`, `buy: '/buy'`) when the balance is spent. Free (offline) turns pass with no hold.
   */
  reserveTurn(userId: number, turn: { offline: boolean }, lang: Lang): Promise<CreditHold | null>;
  /** After a turn: records its usage and takes its cost, in one transaction; answers the cost. */
  chargeTurn(turn: FinishedTurn): Promise<number>;
  /** The credits a turn costs (whole credits, rounded up). */
  turnCredits(
    model: string,
    offline: boolean,
    t: Omit<FinishedTurn, 'userId' | 'replyId' | 'model' | 'provider' | 'offline'>,
  ): number;
  /** Gives the free allowance once (the first time billing sees the user). */
  ensureAllowance(userId: number): Promise<void>;
  /** Returns holds of turns that never finished (failed for good) older than `ms`. */
  releaseStale(ms: number): Promise<number>;
}

type Prices = Map<string, [number, number, number]>;

function parsePrices(entries: string[]): Prices {
  const out: Prices = new Map();
  for (const e of entries) {
    const [model, rest] = e.split('=') as [string, string];
    const [a, b, c] = rest.split('/').map(Number) as [number, number, number];
    out.set(model, [a, b, c]);
  }
  return out;
}

/** gpt-4o's list price, for models with no price of their own (US dollars per million tokens). */
const UNKNOWN_MODEL_USD: [number, number, number] = [2.5, 1.25, 10];

export function createCredits(db: Db, config: Config, clock: Clock, log: Logger): Credits {
  const prices = parsePrices(config.CREDIT_PRICES);
  const hold = Math.max(1, config.CREDIT_TURN_HOLD);
  // Users whose allowance is known to be given: saves a statement on each of their turns.
  const allowanceDone = new Set<number>();

  function turnCredits(
    model: string,
    offline: boolean,
    t: { tokensIn: number; tokensCached: number; tokensOut: number },
  ): number {
    if (offline) return 0;
    const cached = Math.min(t.tokensCached, t.tokensIn);
    const fresh = Math.max(0, t.tokensIn - cached);
    const own = prices.get(model);
    let credits: number;
    if (own) {
      credits = (fresh * own[0] + cached * own[1] + t.tokensOut * own[2]) / 1e6;
    } else {
      const usd =
        turnCost(model, false, {
          inputTokens: t.tokensIn,
          cachedInputTokens: cached,
          outputTokens: t.tokensOut,
        }) ?? null;
      const fallback = prices.get('*');
      credits =
        usd !== null
          ? usd * config.CREDITS_PER_USD
          : fallback
            ? (fresh * fallback[0] + cached * fallback[1] + t.tokensOut * fallback[2]) / 1e6
            : ((fresh * UNKNOWN_MODEL_USD[0] +
                cached * UNKNOWN_MODEL_USD[1] +
                t.tokensOut * UNKNOWN_MODEL_USD[2]) /
                1e6) *
              config.CREDITS_PER_USD;
    }
    return Math.max(0, Math.ceil(credits - 1e-9));
  }

  async function ensureAllowance(userId: number) {
    if (allowanceDone.has(userId)) return;
    await db.transaction(async (tx) => {
      const [given] = await tx
        .insert(freeAllowances)
        .values({ userId, credits: config.FREE_CREDITS, grantedAt: clock.now() })
        .onConflictDoNothing()
        .returning();
      if (given && given.credits > 0) {
        await tx
          .update(users)
          .set({ credits: sql`${users.credits} + ${given.credits}` })
          .where(eq(users.id, userId));
      }
    });
    allowanceDone.add(userId);
  }

  return {
    turnCredits,
    ensureAllowance,

    async reserveTurn(userId, turn, lang) {
      await ensureAllowance(userId);
      if (turn.offline) return null;
      // One statement decides: concurrent turns each take their hold only while the balance
      // is still positive, so the balance goes below zero by at most one turn.
      // The debit and the hold in one statement (one round trip, atomic without a transaction).
      const [holdRow] = (
        (await db.execute(sql`
          with debited as (
            update ${users} set credits = ${users.credits} - ${hold}::int
            where ${users.id} = ${userId} and ${users.credits} > 0
            returning ${users.id}
          )
          insert into ${creditHolds} (user_id, amount, created_at)
          select id, ${hold}::int, ${clock.now().toISOString()}::timestamptz from debited
          returning id`)) as unknown as { rows: { id: number }[] }
      ).rows;
      if (!holdRow) {
        throw new AppError(ErrorCode.NO_CREDITS, msg('noCredits', lang), { buy: '/buy' });
      }
      return {
        async bind(replyId: number) {
          await db.update(creditHolds).set({ replyId }).where(eq(creditHolds.id, holdRow.id));
        },
        async release() {
          await db.transaction(async (tx) => {
            const gone = await tx
              .delete(creditHolds)
              .where(eq(creditHolds.id, holdRow.id))
              .returning({ amount: creditHolds.amount });
            const back = gone.reduce((s, h) => s + h.amount, 0);
            if (back)
              await tx
                .update(users)
                .set({ credits: sql`${users.credits} + ${back}` })
                .where(eq(users.id, userId));
          });
        },
      };
    },

    async chargeTurn(turn) {
      const cost = turnCredits(turn.model, turn.offline, turn);
      const count = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : null);
      try {
        await db.transaction(async (tx) => {
          await tx.insert(usageEvents).values({
            userId: turn.userId,
            kind: 'chat',
            provider: turn.provider,
            model: turn.model,
            tokensIn: count(turn.tokensIn),
            tokensCached: count(turn.tokensCached),
            tokensOut: count(turn.tokensOut),
            at: clock.now(),
          });
          const held = await tx
            .delete(creditHolds)
            // The user's own hold only: a group reply's id may equal a chat reply's.
            .where(and(eq(creditHolds.replyId, turn.replyId), eq(creditHolds.userId, turn.userId)))
            .returning({ amount: creditHolds.amount });
          const back = held.reduce((s, h) => s + h.amount, 0);
          if (back - cost !== 0) {
            await tx
              .update(users)
              .set({ credits: sql`${users.credits} + ${back - cost}` })
              .where(eq(users.id, turn.userId));
          }
        });
      } catch (err) {
        // The user already has the answer; the log line carries the turn so it can be re-entered.
        log.error({ err, turn }, 'turn usage could not be recorded');
      }
      return cost;
    },

    async releaseStale(ms) {
      const before = new Date(clock.now().getTime() - ms);
      return db.transaction(async (tx) => {
        const stale = await tx
          .delete(creditHolds)
          .where(lt(creditHolds.createdAt, before))
          .returning({ userId: creditHolds.userId, amount: creditHolds.amount });
        const perUser = new Map<number, number>();
        for (const h of stale) perUser.set(h.userId, (perUser.get(h.userId) ?? 0) + h.amount);
        for (const [userId, amount] of perUser) {
          await tx
            .update(users)
            .set({ credits: sql`${users.credits} + ${amount}` })
            .where(inArray(users.id, [userId]));
        }
        return stale.length;
      });
    },
  };
}
