import { z } from 'zod';

/** Shapes the server answers with; shared by the server (output parse) and the web client. */

export const Category = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof Category>;

export const FriendCard = z.object({
  friendid: z.string(),
  friendname: z.string(),
  image: z.string(),
  description: z.string(),
  friendtype: z.number().int(),
  category: z.number().int(),
  publicfriend: z.number().int(),
});
export type FriendCard = z.infer<typeof FriendCard>;

/** What anyone allowed to see a character gets. */
export const FriendPublic = FriendCard.extend({
  firstprompt: z.string(),
  voice: z.string(),
  lang: z.string().nullable(),
  lastupdate: z.string(),
  creator: z.string(),
  creatorname: z.string(),
  /** 0 edit, 1 view (spec CheckEditPriv levels). */
  priv: z.number().int(),
});
export type FriendPublic = z.infer<typeof FriendPublic>;

/** Editors also get the character's making. */
export const FriendFull = FriendPublic.extend({
  personality: z.string(),
  background: z.string(),
  temp: z.number().int(),
  top_p: z.number().int(),
  model: z.string(),
  voice_instructions: z.string(),
});
export type FriendFull = z.infer<typeof FriendFull>;

export const UserData = z.object({
  email: z.string(),
  fullname: z.string(),
  notes: z.string(),
  credits: z.number(),
  created: z.number().int(),
  imgcredit: z.number(),
  imgcreated: z.number().int(),
  autoread: z.number().int(),
  monthly: z.number().int(),
  duedate: z.string(),
  type: z.number().int(),
  haspassword: z.number().int(),
  lang: z.string(),
});
export type UserData = z.infer<typeof UserData>;

export const AssistantCard = z.object({
  friendid: z.string(),
  image: z.string(),
  friendname: z.string(),
  description: z.string(),
});
