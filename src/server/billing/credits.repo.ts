import { eq, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';
import { creditHolds, freeAllowances, usageEvents, users } from '../db/schema.ts';

/** A turn's usage row and what its credits come to (chargeTurn). */
export interface TurnUsageRow {
  userId: number;
  replyId: number;
  provider: string;
  model: string;
  tokensIn: number | null;
  tokensCached: number | null;
  tokensOut: number | null;
  at: Date;
}

/**
 * The debit of a turn's hold, as the body of a data-modifying CTE: the balance goes down by
 * `amount` only while it is still positive, and the row's id comes back when it did. Used by
 * takeHold and by the statement that stores an AskFriend turn with its hold (chat.repo).
 */
export function debitSql(userId: number | Placeholder, amount: number | Placeholder) {
  return sql`update ${users} set credits = ${users.credits} - ${amount}::int
    where ${users.id} = ${userId}::int and ${users.credits} > 0
    returning ${users.id}`;
}

const p = (name: string) => sql.placeholder(name);

/** creditsRepo.settleTurn's statement (a turn's, so prepared once). */
const settleTurnSql = preparedSql(
  'billing_settle_turn',
  () => sql`
  with held as (
    delete from ${creditHolds}
    where ${creditHolds.replyId} = ${p('replyId')}::int and ${creditHolds.userId} = ${p('userId')}::int
    returning ${creditHolds.amount}
  ), used as (
    insert into ${usageEvents} (user_id, kind, provider, model, tokens_in, tokens_cached, tokens_out, at)
    values (${p('userId')}::int, 'chat', ${p('provider')}::text, ${p('model')}::text,
      ${p('tokensIn')}::int, ${p('tokensCached')}::int, ${p('tokensOut')}::int,
      ${p('at')}::timestamptz)
  ), back as (
    select coalesce(sum(amount), 0)::int - ${p('cost')}::int as credits from held
  )
  update ${users} set credits = ${users.credits} + back.credits
  from back where ${users.id} = ${p('userId')}::int and back.credits <> 0`,
);

/** The credit ledger's statements: balances, holds, free allowances. */
export function creditsRepo(db: Db) {
  /** Deletes the holds `which` selects and gives each user their credits back; how many. */
  function giveBack(which: SQL) {
    return db.transaction(async (tx) => {
      const gone = await tx
        .delete(creditHolds)
        .where(which)
        .returning({ userId: creditHolds.userId, amount: creditHolds.amount });
      const perUser = new Map<number, number>();
      for (const h of gone) perUser.set(h.userId, (perUser.get(h.userId) ?? 0) + h.amount);
      for (const [userId, amount] of perUser) {
        await tx
          .update(users)
          .set({ credits: sql`${users.credits} + ${amount}` })
          .where(eq(users.id, userId));
      }
      return gone.length;
    });
  }

  return {
    /** Gives the free allowance once per user; true when it was given now. */
    async giveAllowance(userId: number, credits: number, at: Date) {
      await db.transaction(async (tx) => {
        const [given] = await tx
          .insert(freeAllowances)
          .values({ userId, credits, grantedAt: at })
          .onConflictDoNothing()
          .returning();
        if (given && given.credits > 0) {
          await tx
            .update(users)
            .set({ credits: sql`${users.credits} + ${given.credits}` })
            .where(eq(users.id, userId));
        }
      });
    },

    /**
     * One statement decides: concurrent turns each take their hold only while the balance is
     * still positive, so the balance goes below zero by at most one turn. Null: none left.
     */
    async takeHold(userId: number, amount: number, at: Date, instance: number | null) {
      // The debit and the hold in one statement (one round trip, atomic without a transaction).
      const { rows } = (await db.execute(sql`
        with debited as (${debitSql(userId, amount)})
        insert into ${creditHolds} (user_id, amount, created_at, instance)
        select id, ${amount}::int, ${at.toISOString()}::timestamptz, ${instance}::int from debited
        returning id`)) as unknown as { rows: { id: number }[] };
      return rows[0] ?? null;
    },

    async bindHold(holdId: number, replyId: number) {
      await db.update(creditHolds).set({ replyId }).where(eq(creditHolds.id, holdId));
    },

    /** Deletes a hold and gives its credits back. */
    async releaseHold(holdId: number, userId: number) {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(creditHolds)
          .where(eq(creditHolds.id, holdId))
          .returning({ amount: creditHolds.amount });
        const back = gone.reduce((s, h) => s + h.amount, 0);
        if (back)
          await tx
            .update(users)
            .set({ credits: sql`${users.credits} + ${back}` })
            .where(eq(users.id, userId));
      });
    },

    /**
     * Records a turn's usage and settles its hold against what it cost, in one statement (a
     * data-modifying CTE: atomic without a transaction, one round trip instead of five). The
     * hold is the user's own only: a group reply's id may equal a chat reply's. A hold is
     * deleted once, so a second settle of the same reply gives nothing back twice.
     */
    async settleTurn(row: TurnUsageRow, cost: number) {
      await settleTurnSql(db, { ...row, at: row.at.toISOString(), cost });
    },

    /** Gives back holds older than `before` (turns that never finished); how many. */
    releaseStale(before: Date) {
      return giveBack(lt(creditHolds.createdAt, before));
    },

    /** Gives back the holds of turns that ran on these instances, which died; how many. */
    releaseDead(instances: number[]) {
      return giveBack(inArray(creditHolds.instance, instances));
    },
  };
}
