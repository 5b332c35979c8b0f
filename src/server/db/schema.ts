/**
 * The database schema, one file per domain under `schema/`. A new domain adds its file and
 * one line here; drizzle-kit reads this file (drizzle.config.ts).
 */
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/friends.ts';
export * from './schema/knowledge.ts';
export * from './schema/images.ts';
export * from './schema/meta.ts';
export * from './schema/chat.ts';
export * from './schema/usage.ts';
export * from './schema/group.ts';
export * from './schema/history.ts';
export * from './schema/stats.ts';
export * from './schema/billing.ts';
export * from './schema/push.ts';
export * from './schema/analytics.ts';
export * from './schema/voice.ts';
export * from './schema/reading.ts';
export * from './schema/ops.ts';
export * from './schema/limits.ts';
export * from './schema/book-draft.ts';
