import { z } from 'zod';
import { Lorebook } from './lorebook.ts';

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
  /** Free tags (a card's tags that are not categories), shown on the public page. */
  tags: z.array(z.string()),
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
  /** The character's note (a card's depth prompt): put into the chat at its depth, as its role. */
  note: z.string(),
  note_depth: z.number().int(),
  note_role: z.string(),
  lorebook: Lorebook.nullable(),
  /** From an imported card: its creator and version, given back on export. */
  card_creator: z.string(),
  card_version: z.string(),
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

/** Spec part 2 §3 "Subscription type", with the grants spelled out. `price` in agorot. */
export const SubscriptionType = z.object({
  type: z.number().int(),
  name: z.string(),
  /** Description (HTML, sanitised by the server) in Hebrew and in English. */
  txt: z.string(),
  txt_en: z.string(),
  /** The description in the asked language. */
  description: z.string(),
  price: z.number().int(),
  monthly: z.number().int(),
  credits: z.number().int(),
  imgcredits: z.number().int(),
  canadd: z.number().int(),
  imgedit: z.number().int(),
});
export type SubscriptionType = z.infer<typeof SubscriptionType>;

/** Spec part 2 §3 "Order": `price` in agorot, `item` the type's name, `tm` ISO time. */
export const OrderEntry = z.object({
  order: z.number().int(),
  tm: z.string(),
  price: z.number().int(),
  item: z.string(),
  /** 0 waiting for payment, 1 paid, -1 cancelled, -2 failed. */
  status: z.number().int(),
  invoice: z.string(),
  invurl: z.string(),
});
export type OrderEntry = z.infer<typeof OrderEntry>;
