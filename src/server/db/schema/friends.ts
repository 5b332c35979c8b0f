import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Lorebook } from '../../../protocol/lorebook.ts';
import { users } from './users.ts';

/** A category id is a single bit; names are per language. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.lang] })],
);

export const friends = pgTable(
  'friends',
  {
    id: serial('id').primaryKey(),
    friendid: text('friendid').notNull(),
    friendname: text('friendname').notNull().default(''),
    personality: text('personality').notNull().default(''),
    background: text('background').notNull().default(''),
    description: text('description').notNull().default(''),
    firstprompt: text('firstprompt').notNull().default(''),
    image: text('image').notNull().default(''),
    temp: integer('temp').notNull().default(80),
    topP: integer('top_p').notNull().default(20),
    friendtype: integer('friendtype').notNull().default(0),
    voice: text('voice').notNull().default(''),
    voiceInstructions: text('voice_instructions').notNull().default(''),
    model: text('model').notNull().default('auto'),
    category: integer('category').notNull().default(0),
    publicfriend: integer('publicfriend').notNull().default(0),
    /** he / en, or null for a character offered in every language. */
    lang: text('lang'),
    /** 1: answers cite the passages they use (reading/citations.ts); 0: editors turned it off. */
    citations: integer('citations').notNull().default(1),
    /** The character's note (a card's `depth_prompt`): put into the chat at a depth, as a role. */
    note: text('note').notNull().default(''),
    noteDepth: integer('note_depth').notNull().default(4),
    noteRole: text('note_role').notNull().default('system'),
    /** The lorebook with its keys and settings (protocol/lorebook.ts); null: none. */
    lorebook: jsonb('lorebook').$type<Lorebook>(),
    /** Free tags (a card's tags that are not site categories). */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** A card's creator and version as imported (empty for characters made here). */
    cardCreator: text('card_creator').notNull().default(''),
    cardVersion: text('card_version').notNull().default(''),
    /** 1: made from an imported card (its export names the card's creator, not the account). */
    fromCard: integer('from_card').notNull().default(0),
    /** null for the starter content. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastupdate: timestamp('lastupdate', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friends_friendid_lower_idx').on(sql`lower(${t.friendid})`),
    index('friends_owner_idx').on(t.ownerId),
  ],
);

/** Another e-mail's access to a friend (spec "friendemails"); editpriv 1 lets them edit. */
export const friendAccess = pgTable(
  'friend_access',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullname: text('fullname').notNull().default(''),
    editpriv: integer('editpriv').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.friendId, t.email] }),
    index('friend_access_email_idx').on(t.email),
  ],
);
