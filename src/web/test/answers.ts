import type { ImageEntry } from '../../protocol/actions/images.ts';
import type { FriendPublic } from '../../protocol/entities.ts';
import type { ActionOutput } from '../../protocol/registry.ts';

/**
 * Whole answers for web tests, typed by the action's output: a test names what matters to it
 * and the rest is what the server would send. mock-call.ts checks every answer against the
 * action's output schema, so a builder that drifts fails every test that uses it.
 */
export const ok = <T extends object>(answer: T) => ({ Error: 0 as const, ...answer });

/** RetrieveConversation: a public literary character's conversation, editable by the caller. */
export function conversationAnswer(o: Partial<ActionOutput<'RetrieveConversation'>> = {}) {
  return ok<ActionOutput<'RetrieveConversation'>>({
    friendname: 'Sherlock Holmes',
    image: '/friends/holmes.svg',
    public: true,
    friendtype: 0,
    voice: '',
    voice_instructions: '',
    creator: 'author@example.com',
    creatorname: 'Arthur',
    subject: 'General',
    chat: [],
    hasmore: false,
    priv: 0,
    ...o,
  });
}

/** One generated image (GetAllImages, GetImage), finished. */
export function imageEntry(o: Partial<ImageEntry> = {}): ImageEntry {
  return {
    num: 1,
    image: '/api/download?imagename=g_1.webp',
    prompt: '',
    negative_prompt: '',
    refimg: '',
    tm: '2026-11-24 10:00:00',
    gentime: 0,
    loading: 0,
    offline: 0,
    request: '',
    ...o,
  };
}

/** A page of the caller's images (GetAllImages). */
export function imagesAnswer(o: Partial<ActionOutput<'GetAllImages'>> = {}) {
  return ok<ActionOutput<'GetAllImages'>>({
    images: [],
    more: 0,
    imgcredit: 3,
    imgcreated: 0,
    offline: 0,
    ...o,
  });
}

/** A character as anyone may see it (GetFriendDetails for a viewer). */
export function publicFriend(o: Partial<FriendPublic> = {}): FriendPublic {
  return {
    friendid: 'holmes',
    friendname: 'Sherlock Holmes',
    image: '/friends/holmes.svg',
    description: '',
    friendtype: 0,
    category: 0,
    publicfriend: 1,
    firstprompt: '',
    voice: '',
    lang: null,
    lastupdate: '2026-11-24 10:00:00',
    creator: '',
    creatorname: '',
    tags: [],
    priv: 1,
    ...o,
  };
}
