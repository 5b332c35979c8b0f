import { z } from 'zod';
import { defineAction } from '../action.ts';
import { IdentityEmail, Lang } from '../fields.ts';
import { OrderEntry, SubscriptionType } from '../entities.ts';

/** Profile, subscriptions and purchases (spec part 2 §7). Prices are in agorot (1/100 ₪). */
export const billingActions = {
  /** The caller's orders, newest first, with the monthly subscription's state. */
  OrderHistory: defineAction({
    input: z.object({ email: IdentityEmail, lang: Lang }),
    output: z.object({
      orders: z.array(OrderEntry),
      monthly: z.number().int(),
      duedate: z.string(),
    }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Whether the caller's monthly subscription is active, and its next charge date. */
  GetSubscriptionStatus: defineAction({
    input: z.object({ email: IdentityEmail, lang: Lang }),
    output: z.object({
      monthly: z.number().int(),
      duedate: z.string(),
      /** The subscription's name in the caller's language ('' when none). */
      name: z.string(),
      /** 1: the card can be managed at the provider (Stripe's portal). */
      portal: z.number().int(),
    }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Subscription types on sale, in the asked language. */
  GetSubscriptionTypes: defineAction({
    input: z.object({ lang: Lang }),
    output: z.object({ types: z.array(SubscriptionType), sandbox: z.number().int() }),
    access: 'public',
    identity: null,
    mutates: false,
  }),
  /** Ends the caller's monthly subscription (no further charges; what was paid stays). */
  CancelSubscription: defineAction({
    input: z.object({ email: IdentityEmail, lang: Lang }),
    output: z.object({ monthly: z.number().int(), duedate: z.string() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** The provider's customer portal (manage the card, cancel); NOT_CONFIGURED in the sandbox. */
  BillingPortal: defineAction({
    input: z.object({ email: IdentityEmail, lang: Lang }),
    output: z.object({ url: z.string() }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
};
