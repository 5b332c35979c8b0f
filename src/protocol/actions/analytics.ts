import { z } from 'zod';
import { defineAction } from '../action.ts';
import { Flag, IdentityEmail } from '../fields.ts';
import { Udid } from './push.ts';

export const analyticsActions = {
  /**
   * Ours: the page counts one view of a route. Only the route's first part is kept (`/chat`,
   * never the character or a sign-in token); browsers with Do Not Track never send it.
   */
  TrackPageView: defineAction({
    input: z.object({
      path: z.string().max(300),
      /** The browser's random id (as for push), to count visitors who are not signed in. */
      visitor: Udid.optional(),
    }),
    output: z.object({}),
    access: 'public',
    identity: null,
    mutates: true,
  }),
  /** Ours: the user's "do not count me" choice (profile), read or saved when `optout` is sent. */
  GetSetAnalyticsOptOut: defineAction({
    input: z.object({ email: IdentityEmail, optout: Flag.optional() }),
    output: z.object({ optout: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
