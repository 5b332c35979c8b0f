import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

type StatsActions = 'friendstat' | 'AnalyzeFriendStats';

export const statsHandlers = (s: Services): Handlers<StatsActions> => ({
  friendstat: (input, ctx) => s.stats.stat(input, ctx),
  AnalyzeFriendStats: (input, ctx) => s.stats.analyze(input, ctx),
});
