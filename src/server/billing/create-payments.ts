import type { Config } from '../config.ts';
import type { Payments } from './payments.ts';
import { sandboxPayments } from './sandbox.ts';
import { stripePayments } from './stripe.ts';

/** Stripe when its secret key is configured, else the built-in sandbox. */
export function createPayments(config: Config): Payments {
  return config.STRIPE_SECRET_KEY ? stripePayments(config) : sandboxPayments();
}
