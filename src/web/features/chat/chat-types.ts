import type { ConversationPage } from './use-conversation.ts';

/** chat: the full screen; min: minchat (minimal header); editor: the editor's popup chat. */
export type ChatMode = 'chat' | 'min' | 'editor';

/** What the conversation answer says about the character and the caller's rights. */
export type FriendInfo = Pick<
  ConversationPage,
  'friendname' | 'image' | 'public' | 'friendtype' | 'creator' | 'creatorname' | 'priv'
>;
