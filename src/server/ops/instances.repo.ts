import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { instances } from '../db/schema.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The instances table (db/schema/ops.ts): who runs, who stopped without a word. */
export function instancesRepo(db: Db) {
  return {
    /**
     * A new instance's row. Earlier runs under the same name (all others when `exclusive`: an
     * embedded database has one process) are dead from now on: their replies are not written.
     */
    async register(name: string, exclusive: boolean) {
      const [row] = await db.insert(instances).values({ name }).returning({ id: instances.id });
      const id = row!.id;
      await db
        .update(instances)
        .set({ dead: true })
        .where(
          and(
            ne(instances.id, id),
            eq(instances.dead, false),
            exclusive ? undefined : eq(instances.name, name),
          ),
        );
      return id;
    },

    /**
     * One heartbeat, in one statement: this instance is seen now (its row made again if it
     * went), those silent for `deadSeconds` become dead, and every dead instance whose
     * replies and holds are not given up yet is answered (by the database's clock, the one
     * all instances share).
     */
    async beat(id: number, name: string, deadSeconds: number): Promise<number[]> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          with me as (
            insert into ${instances} (id, name) values (${id}, ${name})
            on conflict (id) do update set seen_at = now(), dead = false, swept = false
          ), gone as (
            update ${instances} set dead = true
            where not dead and id <> ${id}
              and seen_at < now() - make_interval(secs => ${deadSeconds})
            returning id
          )
          select id from gone
          union select id from ${instances} where dead and not swept and id <> ${id}`),
      );
      return rows.map((r) => Number(r.id));
    },

    /** Their replies and holds are given up; rows dead for a day are dropped. */
    async swept(ids: number[]) {
      await db.update(instances).set({ swept: true }).where(inArray(instances.id, ids));
      await db
        .delete(instances)
        .where(and(eq(instances.swept, true), lt(instances.seenAt, sql`now() - interval '1 day'`)));
    },

    /** A clean stop: this instance is dead now, for its own last sweep. */
    async markDead(id: number) {
      await db.update(instances).set({ dead: true }).where(eq(instances.id, id));
    },
  };
}
