import { z } from 'zod';
import { defineAction } from '../action.ts';
import { GENERAL_LOOKUP } from '../constants.ts';
import { Bitmask, Flag, FriendId, IdentityEmail, Lang } from '../fields.ts';
import { AssistantCard, Category, FriendCard, FriendFull, FriendPublic } from '../entities.ts';

export const friendActions = {
  GetCategories: defineAction({
    input: z.object({ lang: Lang }),
    output: z.object({ categories: z.array(Category) }),
    access: 'public',
    identity: null,
    mutates: false,
  }),
  /** Characters the caller may see; `lang` narrows to that language's characters. */
  GetFriends: defineAction({
    input: z.object({
      email: IdentityEmail,
      showall: Flag.optional(),
      categories: Bitmask.optional(),
      lang: Lang,
      /** Words in the name, the description or a free tag (any case). */
      search: z.string().trim().max(100).optional(),
    }),
    output: z.object({ friends: z.array(FriendCard) }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /**
   * One character. Anyone may read a public character's card (the landing page shows it);
   * editors also get personality, background and settings. `email: '*'` is the general
   * lookup (spec part 1 §7): the public card as anyone sees it, whoever asks.
   */
  GetFriendDetails: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId }),
    output: z.object({ friend: z.union([FriendFull, FriendPublic]) }),
    access: 'public',
    identity: 'email',
    identityWildcard: GENERAL_LOOKUP,
    mutates: false,
  }),
  GetHeliconAssistants: defineAction({
    input: z.object({ lang: Lang }),
    output: z.object({ support: AssistantCard.nullable(), sales: AssistantCard.nullable() }),
    access: 'public',
    identity: null,
    mutates: false,
  }),
  ModelsList: defineAction({
    input: z.object({ email: IdentityEmail, token: z.string().max(200).optional() }),
    output: z.object({ models: z.array(z.string()), default: z.string() }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
};
