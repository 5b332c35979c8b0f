import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const analyticsHandlers = (
  s: Services,
): Handlers<'TrackPageView' | 'GetSetAnalyticsOptOut' | 'GetUsageStats'> => ({
  TrackPageView: (input, ctx) => s.analytics.trackPageView(input, ctx),
  GetSetAnalyticsOptOut: (input, ctx) => s.analytics.getSetOptOut(input, ctx),
  GetUsageStats: (input, ctx) => s.analytics.usage(input, ctx),
});
