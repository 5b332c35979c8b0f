import { desc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { historyAudit } from '../db/schema.ts';

/** The history viewer's audit log: who read whose conversation with which character, when. */
export function auditRepo(db: Db) {
  return {
    async record(e: {
      viewerId: number;
      viewerEmail: string;
      targetEmail: string;
      friendid: string;
    }) {
      await db.insert(historyAudit).values(e);
    },
    async list(limit = 100) {
      return db.select().from(historyAudit).orderBy(desc(historyAudit.id)).limit(limit);
    },
  };
}
