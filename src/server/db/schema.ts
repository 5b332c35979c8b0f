import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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

/** PostgreSQL full-text vector; the server builds it from its own tokens (knowledge/text-search.ts). */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * A file uploaded to a character's knowledge (spec "File"). The original and its extracted
 * text live in storage under `storageKey` and `storageKey + '.txt'`; never served publicly.
 * `ownerId` null: the character's shared file (its editors'); else one user's personal file
 * on a helper (type 1 or 3), seen and used in chat by that user only.
 */
export const friendFiles = pgTable(
  'friend_files',
  {
    id: serial('id').primaryKey(),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    subject: text('subject').notNull().default(''),
    filename: text('filename').notNull().default(''),
    /** txt, md, html, pdf or docx */
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    chars: integer('chars').notNull().default(0),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Larger first in the list; "move to top" sets it above the rest. */
    sortKey: integer('sort_key').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('friend_files_friend_idx').on(t.friendId),
    index('friend_files_owner_idx')
      .on(t.ownerId, t.friendId)
      .where(sql`${t.ownerId} is not null`),
  ],
);

/** A knowledge subject of a character (spec "Knowledge subject"), typed in or imported. */
export const knowledge = pgTable(
  'knowledge',
  {
    id: serial('id').primaryKey(),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    contents: text('contents').notNull().default(''),
    /** manual, or gdoc (imported from Google Docs; `sourceRef` is the document id) */
    source: text('source').notNull().default('manual'),
    sourceRef: text('source_ref'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_friend_idx').on(t.friendId)],
);

/**
 * Passages of files and knowledge subjects, indexed for retrieval. `tsv` holds the passage's
 * normalised tokens (with Hebrew prefixes stripped and English plurals folded) plus a lexeme
 * naming the character, so the GIN index alone narrows a search to one character. A
 * personal file's passages carry its owner and, instead, a lexeme naming character and owner
 * (`personalLexeme`): other users' searches never reach them.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: serial('id').primaryKey(),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => friendFiles.id, { onDelete: 'cascade' }),
    knowledgeId: integer('knowledge_id').references(() => knowledge.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    content: text('content').notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [
    index('knowledge_chunks_tsv_idx').using('gin', t.tsv),
    index('knowledge_chunks_friend_idx').on(t.friendId),
    index('knowledge_chunks_file_idx').on(t.fileId),
    index('knowledge_chunks_knowledge_idx').on(t.knowledgeId),
    // Partial: shared passages (the many) stay out of it, so no search plan prefers it.
    index('knowledge_chunks_owner_idx')
      .on(t.ownerId, t.friendId)
      .where(sql`${t.ownerId} is not null`),
  ],
);

/**
 * In how many of a character's passages each lexeme occurs (document frequency, for IDF),
 * kept up to date in the transactions that add or remove passages. The character's tag
 * lexeme (`#f<id>`) counts all its passages. Shared passages only: personal ones are counted
 * per owner in `personalTerms`, so no count a search uses reflects another user's files.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    lexeme: text('lexeme').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [primaryKey({ columns: [t.friendId, t.lexeme] })],
);

/**
 * The same counts for one user's personal passages on one character (its tag lexeme
 * `#f<id>u<user>` counts them all). Read only by that user's searches.
 */
export const personalTerms = pgTable(
  'personal_terms',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lexeme: text('lexeme').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.friendId, t.ownerId, t.lexeme] }),
    index('personal_terms_owner_idx').on(t.ownerId),
  ],
);

/**
 * A generated image (spec part 2 §3): `image` is the stored file's name (or 'Invalid image'
 * for a failed generation). Made by the image-creation issue; the studio picks from them.
 */
export const images = pgTable(
  'images',
  {
    num: serial('num').primaryKey(),
    owner: integer('owner')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    image: text('image').notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    negativePrompt: text('negative_prompt').notNull().default(''),
    refimg: text('refimg').notNull().default(''),
    tm: timestamp('tm', { withTimezone: true }).notNull().defaultNow(),
    /** Seconds the generation took. */
    gentime: integer('gentime').notNull().default(0),
  },
  (t) => [index('images_owner_idx').on(t.owner), index('images_image_idx').on(t.image)],
);

/** A user's Google OAuth tokens for the Docs import (read-only scope). */
export const googleTokens = pgTable('google_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessToken: text('access_token').notNull().default(''),
  refreshToken: text('refresh_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  scope: text('scope').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Pending OAuth authorisations: the `state` (hashed) ties Google's callback to a user. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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
    /** Why a failed reply failed, in words for the reader; null: the client says it could not answer. */
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
