import { count, eq } from 'drizzle-orm';
import { sessionsChanged } from '../auth/session-cache.ts';
import type { Db } from '../db/client.ts';
import { friends, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id' | 'email'>>;

export function usersRepo(db: Db) {
  return {
    async byEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async byId(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async create(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...values, email: values.email.toLowerCase() })
        .returning();
      return row!;
    },
    async update(id: number, patch: UserPatch): Promise<UserRow> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      // Sessions of this user are read again (their name, language and rights may change).
      sessionsChanged({ userId: id });
      return row!;
    },
    async countOwnedFriends(id: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(friends).where(eq(friends.ownerId, id));
      return Number(row?.n ?? 0);
    },
  };
}
