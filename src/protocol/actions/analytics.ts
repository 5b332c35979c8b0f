import { z } from 'zod';
import { defineAction } from '../action.ts';
import { Flag, IdentityEmail, Lang } from '../fields.ts';
import { UsageEvents, type UsageEvent } from '../usage.ts';
import { Udid } from './push.ts';

const EventCounts = z.object(
  Object.fromEntries(UsageEvents.map((e) => [e, z.number().int()])) as Record<
    UsageEvent,
    z.ZodNumber
  >,
);

export const UsageStats = z.object({
  /** First and last day, YYYY-MM-DD (UTC). */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  totals: EventCounts,
  /** The most distinct users (or anonymous visitors) active on one day. */
  maxActive: z.number().int(),
  perDay: z.array(EventCounts.extend({ day: z.string(), active: z.number().int() })),
  pages: z.array(z.object({ path: z.string(), views: z.number().int() })),
});

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
  /**
   * Ours: the usage report of the admin page (what `npm run admin -- usage` prints): the
   * main counts of the last `days` days, daily active users and events per day (days with
   * nothing included), and the most viewed screens. Admins (usertype 0) only.
   */
  GetUsageStats: defineAction({
    input: z.object({ days: z.number().int().min(1).max(366).optional(), lang: Lang }),
    output: UsageStats,
    access: 'admin',
    identity: null,
    mutates: false,
  }),
};
