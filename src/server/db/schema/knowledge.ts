import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { friends } from './friends.ts';
import { users } from './users.ts';

/** PostgreSQL full-text vector; the server builds it from its own tokens (knowledge/text-search.ts). */
export const tsvector = customType<{ data: string }>({
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
    /** txt, md, html, pdf, docx or epub */
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    chars: integer('chars').notNull().default(0),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Larger first in the list; "move to top" sets it above the rest. */
    sortKey: integer('sort_key').notNull().default(0),
    /**
     * The chapter headings of the text, found at indexing or corrected by an editor
     * (reading/chapters.ts): each heading line and the chapter number it starts.
     */
    chapters: jsonb('chapters')
      .$type<{ n: number; line: string; skip?: number }[]>()
      .notNull()
      .default([]),
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
    /** The chapter the passage is in (0: before the first heading; null: the text has none). */
    chapter: integer('chapter'),
    /** The page it starts on, for texts with pages (PDF); null otherwise. */
    page: integer('page'),
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
 * A passage's embedding (the second retrieval signal beside the word index), made by a job
 * with the configured `EMBEDDING_MODEL`. A plain `real[]` on every database, unit length, so
 * cosine similarity is a dot product: with pgvector (PostgreSQL with the extension, the
 * embedded PGlite with its vector extension) the search casts it to `vector` and lets
 * pgvector compute; without it the same column is compared in SQL. `model` and `dims` say
 * what made it: a vector of another model is never compared, and is re-made by the job.
 */
export const knowledgeEmbeddings = pgTable(
  'knowledge_embeddings',
  {
    chunkId: integer('chunk_id')
      .primaryKey()
      .references(() => knowledgeChunks.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    dims: integer('dims').notNull(),
    embedding: real('embedding').array().notNull(),
  },
  (t) => [index('knowledge_embeddings_friend_idx').on(t.friendId, t.model)],
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
