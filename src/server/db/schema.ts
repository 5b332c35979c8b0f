import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** E-mails are stored lower-cased (the protocol normalises them), so unique means case-insensitive. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  fullname: text('fullname').notNull().default(''),
  passwordHash: text('password_hash'),
  /** admin 0, normal 1, publisher 2 */
  usertype: integer('usertype').notNull().default(1),
  canadd: boolean('canadd').notNull().default(false),
  imgedit: boolean('imgedit').notNull().default(false),
  globalpriv: boolean('globalpriv').notNull().default(false),
  autoread: integer('autoread').notNull().default(0),
  notes: text('notes').notNull().default(''),
  monthly: integer('monthly').notNull().default(0),
  duedate: timestamp('duedate', { withTimezone: true }),
  credits: integer('credits').notNull().default(0),
  imgcredit: integer('imgcredit').notNull().default(0),
  lang: text('lang').notNull().default('he'),
  currency: text('currency').notNull().default('ILS'),
  /** Set the first time the address is proven (a link opened, or a verified Google identity). */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const signinLinks = pgTable(
  'signin_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendid: text('friendid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('signin_links_user_idx').on(t.userId)],
);

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

/** Small key/value facts about this database (e.g. which starter content was seeded). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A conversation subject: one user, one character, a name; with its running summary and canvas. */
export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Older turns folded into prose, so the prompt stops growing. */
    summary: text('summary').notNull().default(''),
    /** The last message id the summary covers (0: none). */
    summarizedUpTo: integer('summarized_up_to').notNull().default(0),
    canvas: text('canvas').notNull().default(''),
    canvasBackup: text('canvas_backup').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped when a message is added: the sidebar lists recent subjects first. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subjects_user_friend_name_idx').on(t.userId, t.friendId, sql`lower(${t.name})`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    img: text('img'),
    speaker: text('speaker').notNull().default(''),
    model: text('model').notNull().default(''),
    /** done, streaming or failed. */
    status: text('status').notNull().default('done'),
    error: text('error'),
    /** Answers that only carried a marker (new subject, navigation) are not shown. */
    hidden: boolean('hidden').notNull().default(false),
    inputTokens: integer('input_tokens').notNull().default(0),
    cachedInputTokens: integer('cached_input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A streaming reply's heartbeat: a stale one was cut off by a stopped server. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_subject_idx').on(t.subjectId, t.id)],
);

/** What a character learned about a user, updated after turns. */
export const memories = pgTable(
  'memories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    memory: text('memory').notNull().default(''),
    /** The last message id the memory has seen. */
    seenUpTo: integer('seen_up_to').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/** The user's notes about themselves for one character (general notes are users.notes). */
export const friendNotes = pgTable(
  'friend_notes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    notes: text('notes').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);
