import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { MessageRow } from './chat.repo.ts';
import {
  friendAccess,
  friendNotes,
  friends,
  memories,
  messages,
  readingHorizons,
  subjects,
  users,
} from '../db/schema.ts';
import { passageCountsSql } from '../knowledge/chunks.repo.ts';

/**
 * The subject's columns but its canvas and the canvas's backup: no prompt reads them, and a
 * canvas may be a long document (chatRepo.TurnSubject).
 */
const {
  canvas: _canvas,
  canvasBackup: _canvasBackup,
  ...turnSubjectColumns
} = getTableColumns(subjects);

/**
 * AskFriend's first read (chatRepo.openTurn): the character with its owner and the caller's
 * access entry, the caller's subject — the one named, or the most recent — with the turns of
 * its history after the summary point (PromptTurn), the speaker, and the passage counts. Built
 * once per database as a prepared statement (a named one on PostgreSQL: parsed and planned once
 * per connection), since building and planning this statement cost more than running it.
 */
function buildOpenTurn(db: Db, named: boolean) {
  const speaker = alias(users, 'speaker');
  const userId = sql.placeholder('userId');
  const which = named
    ? eq(sql`lower(${subjects.name})`, sql.placeholder('subject'))
    : eq(
        subjects.id,
        sql`(select s.id from ${subjects} s where s.user_id = ${userId}
          and s.friend_id = ${friends.id} order by s.touched_at desc, s.id desc limit 1)`,
      );
  return db
    .select({
      friend: friends,
      ownerEmail: users.email,
      ownerName: users.fullname,
      access: friendAccess,
      subject: turnSubjectColumns,
      // Only what a prompt is made of (conversation.ts inHistory), as [id, role, content, img].
      history: sql<string>`(select coalesce(json_agg(json_build_array(m.id, m.role, m.content, m.img)
        order by m.id), '[]')::text
        from ${messages} m where m.subject_id = ${subjects.id}
        and m.id > ${subjects.summarizedUpTo} and m.status in ('done', 'stopped')
        and not m.hidden and m.chosen)`,
      speaker: {
        fullname: speaker.fullname,
        notes: speaker.notes,
        friendNotes: friendNotes.notes,
        memory: memories.memory,
        memorySeenUpTo: memories.seenUpTo,
        horizon: readingHorizons.chapter,
      },
      ...passageCountsSql(sql`${friends.id}`, userId),
    })
    .from(friends)
    .leftJoin(users, eq(users.id, friends.ownerId))
    .leftJoin(
      friendAccess,
      and(eq(friendAccess.friendId, friends.id), eq(friendAccess.email, sql.placeholder('email'))),
    )
    .leftJoin(subjects, and(eq(subjects.friendId, friends.id), eq(subjects.userId, userId), which))
    .leftJoin(speaker, eq(speaker.id, userId))
    .leftJoin(
      friendNotes,
      and(eq(friendNotes.userId, userId), eq(friendNotes.friendId, friends.id)),
    )
    .leftJoin(memories, and(eq(memories.userId, userId), eq(memories.friendId, friends.id)))
    .leftJoin(
      readingHorizons,
      and(eq(readingHorizons.userId, userId), eq(readingHorizons.friendId, friends.id)),
    )
    .where(eq(sql`lower(${friends.friendid})`, sql.placeholder('friendid')))
    .prepare(named ? 'chat_open_turn_named' : 'chat_open_turn_latest');
}

const openTurnQueries = new WeakMap<
  Db,
  Record<'named' | 'latest', ReturnType<typeof buildOpenTurn> | undefined>
>();
export function openTurnQuery(db: Db, named: boolean) {
  let q = openTurnQueries.get(db);
  if (!q) openTurnQueries.set(db, (q = { named: undefined, latest: undefined }));
  const key = named ? 'named' : 'latest';
  return (q[key] ??= buildOpenTurn(db, named));
}

/** A message of a prompt's history: one that conversation.ts's inHistory keeps. */
export type PromptTurn = Pick<MessageRow, 'id' | 'role' | 'content' | 'img'>;

/** openTurn's history: a json_agg of `[id, role, content, img]` arrays. */
export function parseHistory(raw: string): PromptTurn[] {
  return (JSON.parse(raw) as [number, string, string, string | null][]).map(
    ([id, role, content, img]) => ({ id, role, content, img }),
  );
}
