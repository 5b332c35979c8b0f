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

/**
 * What a turn will send and may write, known before the model is asked (issue 35): the hold
 * is sized from it and the reply's output capped by what the balance covers.
 */
export interface TurnQuote {
  /** The free offline model: no hold, no cap. */
  offline: boolean;
  /** The model that will answer (the resolver's name). */
  model: string;
  /** The prompt's tokens, as the prompt's budgeter counts them (ai/tokens.ts). */
  promptTokens: number;
  /**
   * Before the prompt is assembled: the most it can come to (its budget). The hold covers
   * that, the refusal's line is `promptTokens` (what is known already); `fit` then sizes it.
   */
  promptTokensAtMost?: number;
  /** The most the reply may write (the prompt's reply budget). */
  maxOutputTokens: number;
}

/** Credits set aside for one turn; bind it to the reply so the turn's end settles it. */
export interface CreditHold {
  /** The credits held: the turn's estimate, or what the balance had when that was less. */
  readonly amount: number;
  bind(replyId: number): Promise<void>;
  /** Gives the credits back (a turn whose answer failed or was never started). */
  release(): Promise<void>;
  /**
   * Once the prompt is known: the reply's output cap the hold covers, and the hold made that
   * turn's estimate (what it holds beyond goes back). Null: the hold cannot cover the prompt
   * and a minimal reply; the caller releases it and refuses (noCredits).
   */
  fit(quote: TurnQuote): Promise<number | null>;
}

/** A hold a turn will take in its own statement (Credits.planHold). */
export interface PlannedHold {
  userId: number;
  /** What to hold: the turn's estimate (less when the balance has less). */
  amount: number;
  /** The least the balance must have: the prompt so far and a minimal reply. */
  need: number;
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
   * Before a turn: sets aside the turn's estimate (at least CREDIT_TURN_HOLD, at most the
   * balance) in one statement, or refuses with NO_CREDITS (a keyed text, `buy: '/buy'`) when
   * the balance cannot cover the prompt and a minimal reply. Free (offline) turns pass with
   * no hold.
   */
  reserveTurn(userId: number, quote: TurnQuote): Promise<CreditHold | null>;
  /**
   * Before a turn that stores its rows and its hold in one statement (AskFriend,
   * chat.repo.insertTurn): gives the allowance if due and answers the hold to take, null for
   * a free (offline) turn. When that statement finds the balance short, `noCredits` refuses.
   */
  planHold(userId: number, quote: TurnQuote): Promise<PlannedHold | null>;
  /** The hold a planned one became (its row's id, as the turn's statement answered it). */
  heldBy(plan: PlannedHold, holdId: number, amount: number): CreditHold;
  /** The refusal of a turn the balance cannot cover (as reserveTurn's). */
  noCredits(): Error;
  /**
   * After a turn: records its usage and takes its cost, never more than its hold (a provider
   * that wrote past its cap is logged, not charged below zero); answers the cost.
   */
  chargeTurn(turn: FinishedTurn): Promise<number>;
  /**
   * A turn's cost in US dollars as billing prices it (its credits, unrounded, over
   * CREDITS_PER_USD): the stats page's cost chart, so a model with no list price of its own
   * is priced there as it is charged.
   */
  turnUsd(
    model: string,
    offline: boolean,
    t: Omit<FinishedTurn, 'userId' | 'replyId' | 'model' | 'provider' | 'offline'>,
  ): number;
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

/** The shortest reply a turn is worth taking for (tokens): a balance short of it refuses. */
export const MIN_REPLY_TOKENS = 32;

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

  /** Credits per token (fresh input, cached input, output) of a model. */
  function perToken(model: string): [number, number, number] {
    const own = prices.get(model) ?? null;
    if (own) return [own[0] / 1e6, own[1] / 1e6, own[2] / 1e6];
    const usd = (kind: 'in' | 'cached' | 'out') =>
      turnCost(model, false, {
        inputTokens: kind === 'out' ? 0 : 1e6,
        cachedInputTokens: kind === 'cached' ? 1e6 : 0,
        outputTokens: kind === 'out' ? 1e6 : 0,
      });
    const listed = usd('in');
    if (listed !== null) {
      const k = config.CREDITS_PER_USD / 1e6;
      // usd('cached') prices a million cached tokens (turnCost takes them from the input).
      return [listed * k, (usd('cached') ?? 0) * k, (usd('out') ?? 0) * k];
    }
    const fallback = prices.get('*');
    if (fallback) return [fallback[0] / 1e6, fallback[1] / 1e6, fallback[2] / 1e6];
    const k = config.CREDITS_PER_USD / 1e6;
    return [UNKNOWN_MODEL_USD[0] * k, UNKNOWN_MODEL_USD[1] * k, UNKNOWN_MODEL_USD[2] * k];
  }

  /** What a turn costs in credits, before rounding. */
  function exactCredits(
    model: string,
    offline: boolean,
    t: { tokensIn: number; tokensCached: number; tokensOut: number },
  ): number {
    if (offline) return 0;
    const cached = Math.min(t.tokensCached, t.tokensIn);
    const fresh = Math.max(0, t.tokensIn - cached);
    const [pin, pcached, pout] = perToken(model);
    return Math.max(0, fresh * pin + cached * pcached + t.tokensOut * pout);
  }

  function turnCredits(
    model: string,
    offline: boolean,
    t: { tokensIn: number; tokensCached: number; tokensOut: number },
  ): number {
    return Math.max(0, Math.ceil(exactCredits(model, offline, t) - 1e-9));
  }

  /** What a turn may cost (the hold to take) and the least it needs (the refusal's line). */
  function quoteOf(q: TurnQuote) {
    const [pin, , pout] = perToken(q.model);
    const prompt = Math.max(0, q.promptTokens) * pin;
    const atMost = Math.max(q.promptTokens, q.promptTokensAtMost ?? 0) * pin;
    const estimate = Math.ceil(atMost + Math.max(0, q.maxOutputTokens) * pout - 1e-9);
    const need = Math.max(1, Math.ceil(prompt + MIN_REPLY_TOKENS * pout - 1e-9));
    return { amount: Math.max(hold, estimate, need), need };
  }

  /** The reply's output cap `held` credits cover after the prompt; null below a minimal reply. */
  function replyRoom(q: TurnQuote, held: number): number | null {
    const [pin, , pout] = perToken(q.model);
    const left = held - Math.max(0, q.promptTokens) * pin;
    const room = pout > 0 ? Math.floor(left / pout + 1e-9) : q.maxOutputTokens;
    if (left < 0 || room < MIN_REPLY_TOKENS) return null;
    return Math.min(q.maxOutputTokens, room);
  }

  function holdOf(id: number, userId: number, amount: number): CreditHold {
    let held = amount;
    return {
      get amount() {
        return held;
      },
      bind: (replyId: number) => repo.bindHold(id, replyId),
      release: () => repo.releaseHold(id, userId),
      async fit(q) {
        if (q.offline) {
          // The answer came to the free model after all: nothing to hold.
          await repo.releaseHold(id, userId);
          held = 0;
          return q.maxOutputTokens;
        }
        const room = replyRoom(q, held);
        if (room === null) return null;
        // The hold becomes this turn's estimate (at least the minimum hold): the rest goes back.
        const [pin, , pout] = perToken(q.model);
        const estimate = Math.ceil(Math.max(0, q.promptTokens) * pin + room * pout - 1e-9);
        const keep = Math.max(estimate, Math.min(hold, held));
        if (keep < held && (await repo.shrinkHold(id, userId, held, keep))) held = keep;
        return room;
      },
    };
  }

  async function ensureAllowance(userId: number) {
    if (allowanceDone.has(userId)) return;
    await repo.giveAllowance(userId, config.FREE_CREDITS, clock.now());
    allowanceDone.add(userId);
  }

  const noCredits = () => refusal(ErrorCode.NO_CREDITS, 'noCredits', undefined, { buy: '/buy' });

  return {
    turnCredits,
    turnUsd: (model, offline, t) =>
      config.CREDITS_PER_USD > 0 ? exactCredits(model, offline, t) / config.CREDITS_PER_USD : 0,
    ensureAllowance,
    noCredits,

    async planHold(userId, q) {
      await ensureAllowance(userId);
      if (q.offline) return null;
      const { amount, need } = quoteOf(q);
      return { userId, amount, need, at: clock.now(), instance };
    },

    heldBy: (plan, holdId, amount) => holdOf(holdId, plan.userId, amount),

    async reserveTurn(userId, q) {
      await ensureAllowance(userId);
      if (q.offline) return null;
      const { amount, need } = quoteOf(q);
      const holdRow = await repo.takeHold(userId, amount, need, clock.now(), instance);
      if (!holdRow) throw noCredits();
      return holdOf(holdRow.id, userId, holdRow.amount);
    },

    async chargeTurn(turn) {
      const cost = turnCredits(turn.model, turn.offline, turn);
      const count = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : null);
      try {
        const settled = await repo.settleTurn(
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
        if (settled.uncharged > 0) {
          // Never below zero: the hold is the bound. Said here, so the gap is known and can be
          // taken up with the provider (its usage row above has the real counts).
          log.warn(
            {
              userId: turn.userId,
              replyId: turn.replyId,
              model: turn.model,
              cost,
              held: settled.held,
              uncharged: settled.uncharged,
            },
            'turn cost more than its hold: charged the hold',
          );
        }
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
