import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const billingHandlers = (
  s: Services,
): Handlers<
  | 'OrderHistory'
  | 'GetSubscriptionStatus'
  | 'GetSubscriptionTypes'
  | 'CancelSubscription'
  | 'BillingPortal'
> => ({
  OrderHistory: (_input, ctx) => s.billing.orderHistory(ctx),
  GetSubscriptionStatus: (_input, ctx) => s.billing.subscriptionStatus(ctx),
  GetSubscriptionTypes: (_input, ctx) => s.billing.subscriptionTypes(ctx),
  CancelSubscription: (_input, ctx) => s.billing.cancelSubscription(ctx),
  BillingPortal: (_input, ctx) => s.billing.portal(ctx),
});
