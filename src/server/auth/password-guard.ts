import { ErrorCode } from '../../protocol/errors.ts';
import { AppError } from '../errors.ts';
import type { RateLimiter } from '../infra/rate-limit.ts';

const MIN15 = 15 * 60;

/**
 * Password guesses. A stranger's guesses must not lock the owner out, so the tight limits
 * are per client (its network address) and per (address, client); the address as a whole
 * only slows down, with a growing pause, once guesses come from many clients.
 */
export const PASSWORD_LIMITS = {
  perAddressClient: { limit: 8, window: MIN15 },
  perClient: { limit: 40, window: MIN15 },
  /** Failures on one address from every client; past `backoffAfter` each one pauses it. */
  perAddress: { limit: 10_000, window: 60 * 60 },
  backoffAfter: 20,
  /** The first pause; each further failure doubles it, up to the maximum. */
  backoffBaseSec: 30,
  backoffMaxSec: MIN15,
  /** Password hashes computed at once for one address (scrypt takes 32 MiB each). */
  hashesPerAddress: 1,
} as const;

/** Runs `task` when fewer than `max` tasks of the same key run; later ones wait their turn. */
export function keyedSemaphore(max: number) {
  const state = new Map<string, { running: number; waiting: (() => void)[] }>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let s = state.get(key);
    if (!s) state.set(key, (s = { running: 0, waiting: [] }));
    if (s.running >= max) await new Promise<void>((r) => s.waiting.push(r));
    else s.running++;
    try {
      return await task();
    } finally {
      const next = s.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays the same.
      if (next) next();
      else if (--s.running === 0) state.delete(key);
    }
  };
}

export function passwordGuard(limiter: RateLimiter) {
  const hashing = keyedSemaphore(PASSWORD_LIMITS.hashesPerAddress);
  const L = PASSWORD_LIMITS;

  const refused = (retryAfter: number) =>
    new AppError(ErrorCode.RATE_LIMITED, undefined, { retryAfter });

  return {
    /**
     * Checks one password guess for `email` from `client`. The attempt is counted before
     * the hash is computed (so a burst cannot all pass a check made before any failure was
     * counted) and given back when the password was right.
     */
    async attempt(email: string, client: string, verify: () => Promise<boolean>) {
      const lock = await limiter.peek(`pwlock:${email}`, 1);
      if (!lock.allowed) throw refused(lock.retryAfter);

      const keys = [
        { key: `pwfail:ip:${client}`, rule: L.perClient },
        { key: `pwfail:email-ip:${email}|${client}`, rule: L.perAddressClient },
        { key: `pwfail:email:${email}`, rule: L.perAddress },
      ];
      const taken: string[] = [];
      let addressCount = 0;
      for (const { key, rule } of keys) {
        const d = await limiter.hit(key, rule.limit, rule.window);
        taken.push(key);
        if (!d.allowed) {
          // A refused attempt counts nowhere: the stranger over their limit cannot keep
          // pushing the address's own count (and its pause) up.
          await Promise.all(taken.map((k) => limiter.refund(k)));
          throw refused(d.retryAfter);
        }
        addressCount = d.count;
      }

      const ok = await hashing(email, verify);
      if (ok) {
        await Promise.all(taken.map((k) => limiter.refund(k)));
        await limiter.reset(`pwfail:email-ip:${email}|${client}`);
        return;
      }
      const over = addressCount - L.backoffAfter;
      if (over > 0) {
        const pause = Math.min(L.backoffBaseSec * 2 ** (over - 1), L.backoffMaxSec);
        await limiter.block(`pwlock:${email}`, pause);
      }
      throw new AppError(ErrorCode.WRONG_PASSWORD);
    },
  };
}
