import { z } from 'zod';
import { defineAction } from '../action.ts';
import { FriendId, IdentityEmail, Lang } from '../fields.ts';

/** The analysis part of the stat response (spec part 2 §3; the field names are the spec's). */
const Analysis = z.object({
  /** Sanitised HTML. */
  summery: z.string(),
  MainTopics: z.array(z.string()),
  EmotionalTone: z.array(z.string()),
  Inconsitensies: z.array(z.string()),
});

export const statsActions = {
  /**
   * Conversation analytics of one character for its editors and holders of the global
   * privilege (spec part 2 §2 Analytics screen). Counts and plots are computed now; the
   * analysis is the cached one (AnalyzeFriendStats recomputes it).
   */
  friendstat: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, lang: Lang }),
    output: z.object({
      FriendName: z.string(),
      Image: z.string(),
      TotalMessages: z.number().int(),
      TotalUsers: z.number().int(),
      Conversations: z.number().int(),
      /** E-mails; empty with `UsersHidden` for editors of a public character. */
      Users: z.array(z.string()),
      UsersHidden: z.boolean(),
      Analysis,
      /** none | pending | ready | failed | offline */
      AnalysisState: z.string(),
      AnalyzedAt: z.string(),
      AnalyzedMessages: z.number().int(),
      /** Messages per day (UTC), last 60 days with messages. */
      PerDay: z.array(z.object({ day: z.string(), messages: z.number().int() })),
      /** Users who wrote in each week (weeks start on Monday). */
      PerWeek: z.array(z.object({ week: z.string(), users: z.number().int() })),
      /** Token cost per day in US dollars at list prices (models without a price count 0). */
      CostPerDay: z.array(z.object({ day: z.string(), cost: z.number() })),
    }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Recomputes the analysis in the background; friendstat shows it once ready. */
  AnalyzeFriendStats: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, lang: Lang }),
    output: z.object({ AnalysisState: z.string() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
