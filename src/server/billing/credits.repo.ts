import { eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { statement } from '../db/statement.ts';
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
 * The debit of a turn's hold, as the bodies of two data-modifying CTEs named `debit_room` and
 * `debited`: `amount` credits are taken, or the whole balance when it has less, and only when
 * it has at least `need` (issue 35: the balance never goes below zero). `debited` answers the
 * user's id and what was taken (`take`). The row is locked while it is read (`for update`),
 * so a concurrent turn reads the balance this one left. Used by takeHold and by the statement
 * that stores an AskFriend turn with its hold (chat.repo).
 */
export function debitSql(userId: number | SQL, amount: number | SQL, need: number | SQL) {
  return sql`debit_room as (
      select ${users.id} as id, least(${amount}::int, ${users.credits}) as take from ${users}
      where ${users.id} = ${userId}::int and ${users.credits} >= ${need}::int
      for update
    ), debited as (
      update ${users} set credits = ${users.credits} - debit_room.take from debit_room
      where ${users.id} = debit_room.id
      returning ${users.id} as id, debit_room.take as take
    )`;
}

/** creditsRepo.settleTurn's statement (a turn's last write). */
const settleTurnSql = statement(
  (p) => sql`
  with held as (
    delete from ${creditHolds}
    where ${creditHolds.replyId} = ${p('replyId')}::int and ${creditHolds.userId} = ${p('userId')}::int
    returning ${creditHolds.amount}
  ), used as (
    insert into ${usageEvents} (user_id, kind, provider, model, tokens_in, tokens_cached, tokens_out, at)
    values (${p('userId')}::int, 'chat', ${p('provider')}::text, ${p('model')}::text,
      ${p('tokensIn')}::int, ${p('tokensCached')}::int, ${p('tokensOut')}::int,
      ${p('at')}::timestamptz)
  ), total as (
    select coalesce(sum(amount), 0)::int as held from held
  ), back as (
    -- The hold is the bound: a turn never takes more than it held (chargeTurn logs the rest).
    select held, held - least(${p('cost')}::int, held) as credits,
      greatest(${p('cost')}::int - held, 0) as uncharged from total
  ), paid as (
    update ${users} set credits = ${users.credits} + back.credits
    from back where ${users.id} = ${p('userId')}::int and back.credits <> 0
  )
  select held, uncharged from back`,
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
     * One statement decides: concurrent turns each take their hold only while the balance
     * still has `need`, and never more than it has, so it never goes below zero. Null: the
     * balance is short. Answers the hold's id and what it holds.
     */
    async takeHold(
      userId: number,
      amount: number,
      need: number,
      at: Date,
      instance: number | null,
    ) {
      // The debit and the hold in one statement (one round trip, atomic without a transaction).
      const { rows } = (await db.execute(sql`
        with ${debitSql(userId, amount, need)}
        insert into ${creditHolds} (user_id, amount, created_at, instance)
        select id, take, ${at.toISOString()}::timestamptz, ${instance}::int from debited
        returning id, amount`)) as unknown as { rows: { id: number; amount: number }[] };
      return rows[0] ?? null;
    },

    /**
     * A hold made smaller once its turn's prompt is known (`from` → `to`), the difference
     * given back, in one statement; false when the hold is gone (settled or swept meanwhile).
     */
    async shrinkHold(holdId: number, userId: number, from: number, to: number) {
      const { rows } = (await db.execute(sql`
        with shrunk as (
          update ${creditHolds} set amount = ${to}::int
          where ${creditHolds.id} = ${holdId}::int and ${creditHolds.amount} = ${from}::int
          returning ${creditHolds.id}
        )
        update ${users} set credits = ${users.credits} + ${from - to}::int
        where ${users.id} = ${userId}::int and exists (select 1 from shrunk)
        returning ${users.id}`)) as unknown as { rows: unknown[] };
      return rows.length > 0;
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
      const rows = (await settleTurnSql(db, { ...row, at: row.at.toISOString(), cost })) as {
        held: number;
        uncharged: number;
      }[];
      return { held: Number(rows[0]?.held ?? 0), uncharged: Number(rows[0]?.uncharged ?? 0) };
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
