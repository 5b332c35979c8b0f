import {
  TEXT_LIMITS,
  FRIEND_DEFAULTS,
  FRIEND_ID_UNIQUE_CHECK_MIN,
  FriendType,
} from '../../../protocol/constants.ts';
import type { FriendFull } from '../../../protocol/entities.ts';
import type { Lorebook } from '../../../protocol/lorebook.ts';
import { validateFriend, type FriendProblem } from '../../../protocol/friend-rules.ts';
import type { ActionInput } from '../../../protocol/registry.ts';

/** Everything the studio edits (spec part 1 §3 'Friend'). */
export interface FriendForm {
  friendid: string;
  friendname: string;
  image: string;
  description: string;
  friendtype: number;
  category: number;
  publicfriend: 0 | 1;
  personality: string;
  firstprompt: string;
  background: string;
  voice: string;
  voice_instructions: string;
  model: string;
  temp: number;
  top_p: number;
  /** From character cards (issue 34): the character's note, lorebook, free tags, creator, version. */
  note: string;
  note_depth: number;
  note_role: 'system' | 'user' | 'assistant';
  lorebook: Lorebook | null;
  tags: string[];
  card_creator: string;
  card_version: string;
}

export type FormField = keyof FriendForm;

/**
 * The fields that become dirty and are autosaved one by one: the long texts of spec part 1
 * §4 and the others §7 lists for UpdateFriendDetails (the protocol's SINGLE_FIELDS).
 */
export const DIRTY_FIELDS = [
  'personality',
  'background',
  'description',
  'firstprompt',
  'category',
  'image',
  'voice',
  'voice_instructions',
] as const;
export type DirtyField = (typeof DIRTY_FIELDS)[number];

export function emptyForm(): FriendForm {
  return {
    friendid: '',
    friendname: '',
    image: '',
    description: '',
    friendtype: FriendType.literary,
    category: FRIEND_DEFAULTS.category,
    publicfriend: 0,
    personality: '',
    firstprompt: '',
    background: '',
    voice: '',
    voice_instructions: '',
    model: FRIEND_DEFAULTS.model,
    temp: FRIEND_DEFAULTS.temp,
    top_p: FRIEND_DEFAULTS.top_p,
    note: '',
    note_depth: 4,
    note_role: 'system',
    lorebook: null,
    tags: [],
    card_creator: '',
    card_version: '',
  };
}

const ROLES = ['system', 'user', 'assistant'] as const;

export function formFromFriend(f: FriendFull): FriendForm {
  return {
    friendid: f.friendid,
    friendname: f.friendname,
    image: f.image,
    description: f.description,
    friendtype: f.friendtype,
    category: f.category,
    publicfriend: f.publicfriend === 1 ? 1 : 0,
    personality: f.personality,
    firstprompt: f.firstprompt,
    background: f.background,
    voice: f.voice,
    voice_instructions: f.voice_instructions,
    model: f.model || FRIEND_DEFAULTS.model,
    temp: f.temp || FRIEND_DEFAULTS.temp,
    top_p: f.top_p || FRIEND_DEFAULTS.top_p,
    note: f.note ?? '',
    note_depth: f.note_depth ?? 4,
    note_role: ROLES.find((r) => r === f.note_role) ?? 'system',
    lorebook: f.lorebook ?? null,
    tags: f.tags ?? [],
    card_creator: f.card_creator ?? '',
    card_version: f.card_version ?? '',
  };
}

/** Keystroke filter of the id field: English letters and digits only (spec part 1 §5). */
export function cleanFriendId(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '');
}

/** Uniqueness is asked only when the id is longer than 2 characters. */
export function idNeedsCheck(id: string): boolean {
  return id.length >= FRIEND_ID_UNIQUE_CHECK_MIN;
}

/** Keys of `studio.validation` in the locale files: the protocol's save problems. */
export type ValidationKey = FriendProblem;

/**
 * The save messages of spec part 1 §5, first failure only, by the rules the server applies
 * (protocol/friend-rules.ts). The personality and first message are not enforced on autosave.
 */
export function validate(form: FriendForm, autosave = false): ValidationKey | null {
  return validateFriend(form, { autosave });
}

/** The texts with a limit, by the locale key of their label (`studio.fields.*`). */
const LIMITED = [
  ['personality', 'personality', TEXT_LIMITS.longText],
  ['background', 'background', TEXT_LIMITS.longText],
  ['firstprompt', 'firstprompt', TEXT_LIMITS.longText],
  ['description', 'description', TEXT_LIMITS.shortText],
  ['voice_instructions', 'voice_instructions', TEXT_LIMITS.shortText],
  ['friendname', 'name', TEXT_LIMITS.friendName],
] as const;

/** The first text longer than the server takes: the save is refused before it is sent. */
export function tooLongField(
  form: FriendForm,
): { label: (typeof LIMITED)[number][1]; max: number; count: number } | null {
  for (const [field, label, max] of LIMITED)
    if (form[field].length > max) return { label, max, count: form[field].length };
  return null;
}

/** The SetFriendDetails body for a whole save. */
export function saveInput(
  form: FriendForm,
  opts: { insert?: boolean; autosave?: boolean } = {},
): ActionInput<'SetFriendDetails'> {
  return {
    ...form,
    friendname: form.friendname.trim(),
    ...(opts.insert ? { insert: 1 as const } : {}),
    ...(opts.autosave ? { autosave: 1 as const } : {}),
  };
}

/** Fields whose value differs from the last saved one. */
export function changedFields(form: FriendForm, saved: FriendForm): FormField[] {
  return (Object.keys(form) as FormField[]).filter((k) => form[k] !== saved[k]);
}

export function dirtyFields(form: FriendForm, saved: FriendForm): DirtyField[] {
  return DIRTY_FIELDS.filter((k) => form[k] !== saved[k]);
}
