/** Business constants of the spec (part 1 §9 and part 2 §9). */

export const LANGS = ['he', 'en'] as const;
export const DEFAULT_LANG = 'he';
export const DEFAULT_CURRENCY = 'ILS';
export const RTL_LANGS: readonly string[] = ['he', 'ar'];

export const UserType = { admin: 0, normal: 1, publisher: 2 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

export const FriendType = { literary: 0, helper: 1, dictionary: 2, editor: 3, system: 4 } as const;
export type FriendType = (typeof FriendType)[keyof typeof FriendType];
export const FRIEND_TYPES: readonly FriendType[] = Object.values(FriendType);

/** What a friend type brings (spec part 1 §3 "Friend types", part 2 §2 and §6). */
export interface FriendTypeTraits {
  /** The chat offers files (and personal files to those who may not edit it). */
  files: boolean;
  /** The chat offers the canvas. */
  canvas: boolean;
  /** The brand assistant: no creator shown; for non-editors no details, share or creator. */
  brand: boolean;
  /** Routes users to other characters (its prompt lists the catalogue). */
  routes: boolean;
  /** A system character: never joins a group chat. */
  system: boolean;
  /** Only users with the global privilege may give a character this type (part 1, globalpriv). */
  privileged: boolean;
}

export function friendTypeTraits(type: number): FriendTypeTraits {
  const helperOrEditor = type === FriendType.helper || type === FriendType.editor;
  return {
    files: helperOrEditor,
    canvas: helperOrEditor,
    brand: type === FriendType.dictionary,
    routes: type === FriendType.helper,
    system: type === FriendType.system,
    privileged:
      type === FriendType.dictionary || type === FriendType.editor || type === FriendType.system,
  };
}

/** CheckEditPriv's levels (spec part 2, "Edit-privilege check result"): what the caller may do with a character. */
export const Priv = { edit: 0, view: 1, none: 2 } as const;
export type Priv = (typeof Priv)[keyof typeof Priv];

/** An access-list entry's `editpriv`: 1 may edit, 0 may only talk to the character. */
export const EditPriv = { view: 0, edit: 1 } as const;
export type EditPriv = (typeof EditPriv)[keyof typeof EditPriv];

/** GetGlobalPriv's `priv`: 1 when the user has the global privilege. */
export const GlobalPriv = { none: 0, granted: 1 } as const;

export const FRIEND_DEFAULTS = { temp: 80, top_p: 20, model: 'auto', category: 0 } as const;
export const SLIDER_RANGE = { min: 10, max: 100 } as const;
export const DEFAULT_MODEL_WHEN_NONE = 'gemini-2.5-flash';
export const MODEL_FALLBACK_LIST = [
  'auto',
  'gemini-2.0-flash',
  'gemini-2.5-flash',
  'gemini-2.5-pro',
  'gpt-4o',
  'gpt-4.1',
  'gpt-5-mini',
] as const;

export const VOICES = [
  { voice: 'alloy', gender: 'neutral', tone: 'balanced' },
  { voice: 'echo', gender: 'male', tone: 'calm' },
  { voice: 'fable', gender: 'male', tone: 'storyteller' },
  { voice: 'onyx', gender: 'male', tone: 'deep' },
  { voice: 'nova', gender: 'female', tone: 'bright' },
  { voice: 'shimmer', gender: 'female', tone: 'soft' },
  { voice: 'breeze', gender: 'female', tone: 'light' },
  { voice: 'cove', gender: 'male', tone: 'warm' },
  { voice: 'ember', gender: 'male', tone: 'energetic' },
  { voice: 'juniper', gender: 'female', tone: 'clear' },
  { voice: 'sky', gender: 'female', tone: 'airy' },
] as const;

/** The editor character that is hidden from users without `canadd`. */
export const EDITOR_FRIEND_ID = 'sharoneditor';
/** The editor in both languages: its English record is the id + "en", as for every helper. */
export const EDITOR_FRIEND_IDS: string[] = [EDITOR_FRIEND_ID, `${EDITOR_FRIEND_ID}en`];

/** GetFriendDetails' e-mail for the general lookup: the public card, whoever asks. */
export const GENERAL_LOOKUP = '*';
export const GRAPHIC_DESIGNER_FRIEND_ID = 'graphicdesigner';
export const GUEST_PREFIX = 'tmp_';
export const GUEST_SUFFIX_LENGTH = 8;

/**
 * The name of the subject the server opens for a reader (their first conversation with a
 * character), in each language. It is stored in the language of the screen that opened it;
 * shown, it follows the screen's language (the stored name stays its key).
 */
export const DEFAULT_SUBJECT = { he: 'שיחה כללית', en: 'General' } as const;

export const TIMINGS = {
  autosaveMs: 20000,
  savedIndicatorMs: 3000,
  loginErrorClearMs: 7000,
  editErrorClearMs: 2000,
  docPollMs: 4000,
  docPollMax: 10,
  autocompleteThrottleMs: 1000,
  toastMs: 5000,
  toastExtendedMs: 1000,
  titleDelayMs: 100,
  serviceWorkerFallbackMs: 30000,
  userDetailsSuccessMs: 4000,
  profileMessageMs: 5000,
  autoSendInputqMs: 500,
  /** An answer with no text yet after this long says it is still waiting for the model. */
  modelWaitHintMs: 5000,
} as const;

export const BREAKPOINTS = {
  shellDesktop: 768,
  smallScreen: 400,
  chatDesktop: 1200,
  otherDesktop: 992,
  editorPopupFullScreen: 900,
} as const;

/**
 * Ids a character cannot take: `/{friendid}` opens a chat, so an id must not shadow a route
 * or a static folder (compared in lower case).
 */
export const RESERVED_FRIEND_IDS: readonly string[] = [
  'admin',
  'api',
  'assets',
  'assistant',
  'buy',
  'chat',
  'chathistory',
  'createdit',
  'createimg',
  'edituser',
  'files',
  'friends',
  'help',
  'home',
  'index',
  'login',
  'main',
  'minchat',
  'multichat',
  'privacy',
  'stat',
  'subscription',
];

export const CATEGORY_BUTTONS = { default: 8, main: 64 } as const;
export const FRIEND_ID_UNIQUE_CHECK_MIN = 3;

/** Sign-in rules of ours (the spec leaves them to the server). */
export const AUTH = {
  linkTtlMinutes: 20,
  sessionTtlDays: 30,
  passwordMinLength: 8,
} as const;

/**
 * The longest texts the server takes, in characters: the schemas use these, and the web
 * shows a counter near them and refuses to send past them (issue 38, defect 4).
 */
export const TEXT_LIMITS = {
  /** A chat or group-chat message. */
  message: 20_000,
  /** A character's personality, background and first message. */
  longText: 200_000,
  /** A character's description and voice instructions. */
  shortText: 2_000,
  friendName: 200,
} as const;

/** A counter shows from this share of a text's limit. */
export const TEXT_LIMIT_WARN_SHARE = 0.8;
