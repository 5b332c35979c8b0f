import type { Logger } from 'pino';
import { ErrorCode } from '../../protocol/errors.ts';
import { turnCost } from '../ai/prices.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { refusal } from '../errors.ts';
import type { Clock } from '../infra/clock.ts';
import { creditsRepo } from './credits.repo.ts';

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

/** A hold a turn will take in its own statement (Credits.planHold). */
export interface PlannedHold {
  userId: number;
  amount: number;
  at: Date;
  /** The instance running the turn (ops/instances.ts): if it dies, the hold goes back. */
  instance: number | null;
}

/**
 * The credit check every turn calls (chat, group chat): `reserveTurn` before the model is
 * asked, `chargeTurn` when the answer is stored. One port on `deps.credits`.
 */
export interface Credits {
  /**
   * Before a turn: sets aside CREDIT_TURN_HOLD credits, or refuses with NO_CREDITS (a keyed
   * text, `buy: '/buy'`) when the balance is spent. Free (offline) turns pass with no hold.
   */
  reserveTurn(userId: number, turn: { offline: boolean }): Promise<CreditHold | null>;
  /**
   * Before a turn that stores its rows and its hold in one statement (AskFriend,
   * chat.repo.insertTurn): gives the allowance if due and answers the hold to take, null for
   * a free (offline) turn. When that statement finds the balance spent, `noCredits` refuses.
   */
  planHold(userId: number, turn: { offline: boolean }): Promise<PlannedHold | null>;
  /** The refusal of a turn whose balance is spent (as reserveTurn's). */
  noCredits(): Error;
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
  /** Returns the holds of turns that ran on these dead instances (ops/instances.ts). */
  releaseDead(instances: number[]): Promise<number>;
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

export function createCredits(
  db: Db,
  config: Config,
  clock: Clock,
  log: Logger,
  /** The instance whose turns take the holds (null: a process that runs no turns). */
  instance: number | null = null,
): Credits {
  const repo = creditsRepo(db);
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
    await repo.giveAllowance(userId, config.FREE_CREDITS, clock.now());
    allowanceDone.add(userId);
  }

  const noCredits = () => refusal(ErrorCode.NO_CREDITS, 'noCredits', undefined, { buy: '/buy' });

  return {
    turnCredits,
    ensureAllowance,
    noCredits,

    async planHold(userId, turn) {
      await ensureAllowance(userId);
      return turn.offline ? null : { userId, amount: hold, at: clock.now(), instance };
    },

    async reserveTurn(userId, turn) {
      await ensureAllowance(userId);
      if (turn.offline) return null;
      const holdRow = await repo.takeHold(userId, hold, clock.now(), instance);
      if (!holdRow) throw noCredits();
      return {
        bind: (replyId: number) => repo.bindHold(holdRow.id, replyId),
        release: () => repo.releaseHold(holdRow.id, userId),
      };
    },

    async chargeTurn(turn) {
      const cost = turnCredits(turn.model, turn.offline, turn);
      const count = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : null);
      try {
        await repo.settleTurn(
          {
            userId: turn.userId,
            replyId: turn.replyId,
            provider: turn.provider,
            model: turn.model,
            tokensIn: count(turn.tokensIn),
            tokensCached: count(turn.tokensCached),
            tokensOut: count(turn.tokensOut),
            at: clock.now(),
          },
          cost,
        );
      } catch (err) {
        // The user already has the answer; the log line carries the turn so it can be re-entered.
        log.error({ err, turn }, 'turn usage could not be recorded');
      }
      return cost;
    },

    releaseStale: (ms) => repo.releaseStale(new Date(clock.now().getTime() - ms)),
    releaseDead: (instances) => repo.releaseDead(instances),
  };
}
