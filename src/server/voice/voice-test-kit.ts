import { DirectPaths } from '../../protocol/direct.ts';
import * as schema from '../db/schema.ts';
import type { TestApp } from '../test/harness.ts';
import { usersRepo } from '../users/users.repo.ts';

/** POST /api/speech as `bearer`. */
export function speech(t: TestApp, bearer: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: DirectPaths.speech,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** A character with a voice and one conversation of `email` with the answer `content` in it. */
export async function seedConversation(
  t: TestApp,
  email: string,
  friendid: string,
  content: string,
) {
  const owner = await usersRepo(t.deps.db).byEmail(email);
  const [friend] = await t.deps.db
    .insert(schema.friends)
    .values({
      friendid,
      friendname: 'Holmes',
      publicfriend: 1,
      voice: 'onyx',
      voiceInstructions: 'slowly, like a Victorian detective',
    })
    .returning();
  const [subject] = await t.deps.db
    .insert(schema.subjects)
    .values({ userId: owner!.id, friendId: friend!.id, name: 'case' })
    .returning();
  const [reply] = await t.deps.db
    .insert(schema.messages)
    .values({ subjectId: subject!.id, role: 'assistant', content, speaker: 'Holmes' })
    .returning();
  return { friend: friend!, messageId: reply!.id, userId: owner!.id };
}
