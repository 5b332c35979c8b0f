import type { Lang } from '../../../protocol/errors.ts';

/**
 * Every TanStack Query key of the web, by domain. A feature reads and invalidates another's
 * data through these (after a save the studio refreshes the /main list) without importing it.
 *
 * A key starts with its domain, so a shorter key invalidates everything under it
 * (`queryKeys.friends.all()` is every list of characters). Keys of one email are kept apart
 * per user: the cache outlives a sign-out only for `config` (see use-finish-sign-in.ts).
 */
export const queryKeys = {
  config: () => ['config'] as const,
  help: () => ['help'] as const,
  intro: () => ['intro'] as const,
  categories: (lang: string) => ['categories', lang] as const,

  session: (email: string | null) => ['session', email] as const,
  allowAdd: (email: string | null) => ['allowAdd', email] as const,
  globalPriv: (email: string | null) => ['globalPriv', email] as const,

  friends: {
    /** Every list of characters (/main), whatever its filter. */
    all: () => ['friends'] as const,
    list: (email: string | null, filter: object) => ['friends', email, filter] as const,
    /** A public character on the landing page. */
    public: (friendid: string | undefined) => ['friendPublic', friendid] as const,
    /** The chat's character card. */
    card: (friendid: string) => ['friendDetails', friendid] as const,
    assistants: (lang: string) => ['assistants', lang] as const,
  },

  studio: {
    priv: (email: string | null, friendid: string) => ['studio', 'priv', email, friendid] as const,
    friend: (email: string | null, friendid: string) =>
      ['studio', 'friend', email, friendid] as const,
    models: (email: string | null) => ['studio', 'models', email] as const,
    access: (email: string | null, friendid: string) =>
      ['studio', 'access', email, friendid] as const,
    fromImage: (image: string | undefined) => ['studio', 'fromImage', image] as const,
    idCheck: (friendid: string) => ['studio', 'idCheck', friendid] as const,
    /** The user's generated images (the studio's picker). */
    images: (email: string | null) => ['studio', 'images', email] as const,
    image: (email: string | null, num: number) => ['studio', 'image', email, num] as const,
    citations: (email: string | null, friendid: string) =>
      ['studio', 'citations', email, friendid] as const,
  },

  files: (email: string | null, friendid: string) => ['files', email, friendid] as const,
  /** A book's characters and a draft of one (issue 36: the studio's draft from a book). */
  bookDraft: {
    characters: (email: string | null, friendid: string, num: number) =>
      ['bookDraft', 'characters', email, friendid, num] as const,
    draft: (email: string | null, job: number) => ['bookDraft', 'draft', email, job] as const,
  },
  /** One file's chapters and pages (the files manager's chapters panel). */
  fileChapters: (email: string | null, friendid: string, num: number) =>
    ['fileChapters', email, friendid, num] as const,

  knowledge: {
    /** The list and every subject read: what a document import makes stale. */
    all: (email: string | null, friendid: string) => ['knowledge', email, friendid] as const,
    list: (email: string | null, friendid: string) =>
      ['knowledge', email, friendid, 'list'] as const,
    entry: (email: string | null, friendid: string, num: number) =>
      ['knowledge', email, friendid, 'entry', num] as const,
  },

  chat: {
    conversation: (friendid: string, subject: string | null) =>
      ['conversation', friendid, subject] as const,
    subjects: (friendid: string) => ['subjects', friendid] as const,
    canvas: (friendid: string, subject: string) => ['canvas', friendid, subject] as const,
    details: (mode: 'general' | 'friend' | 'memory', friendid: string) =>
      ['details', mode, mode === 'general' ? '' : friendid] as const,
    horizon: (friendid: string) => ['horizon', friendid.toLowerCase()] as const,
    /** Every character's horizon control (its chapters changed). */
    horizonAll: () => ['horizon'] as const,
    memoryFacts: (friendid: string) => ['memoryFacts', friendid] as const,
    search: (friendid: string, q: string) => ['conversation-search', friendid, q] as const,
    analysis: (friendid: string, subject: string, lang: string) =>
      ['analysis', friendid, subject, lang] as const,
  },

  group: () => ['group'] as const,

  createImage: {
    permission: (email: string | null) => ['createimg', 'permission', email] as const,
    images: (email: string | null) => ['createimg', 'images', email] as const,
    conversation: (email: string | null) => ['createimg', 'conversation', email] as const,
  },

  voice: {
    status: () => ['voice-status'] as const,
    autoread: () => ['GetSetUserData', 'autoread'] as const,
  },

  push: {
    settings: () => ['GetSetPushSettings'] as const,
    device: () => ['push-device'] as const,
    analyticsOptOut: () => ['GetSetAnalyticsOptOut'] as const,
  },

  history: {
    emails: (q: string) => ['history', 'emails', q] as const,
    friends: (email: string) => ['history', 'friends', email] as const,
  },

  stats: {
    friend: (friendid: string, lang: Lang) => ['friendstat', friendid, lang] as const,
    usage: (days: number) => ['usageStats', days] as const,
  },

  billing: {
    userData: (email: string | null) => ['userData', email] as const,
    orders: (email: string | null, lang: Lang) => ['orderHistory', email, lang] as const,
    status: (email: string | null, lang: Lang) => ['subscriptionStatus', email, lang] as const,
    types: (lang: Lang) => ['subscriptionTypes', lang] as const,
    /** One order being paid; `anyOrder()` is every one of them. */
    order: (order: number) => ['orderStatus', order] as const,
    anyOrder: () => ['orderStatus'] as const,
  },
};
