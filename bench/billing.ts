/**
 * Billing figures (printed, never asserted):
 * - the latency the credit check adds to a chat turn: reserving the hold before the model is
 *   called and binding it to the reply (p50/p99), and settling it with the usage row after;
 * - webhook handling throughput: signed Stripe webhooks through POST /api/payment/webhook,
 *   stored and handled by the durable job (a local fake of Stripe's API answers the job).
 * On PGlite, and on PostgreSQL too when DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { orders, users } from '../src/server/db/schema.ts';
import { DirectPaths } from '../src/protocol/direct.ts';
import { stripeClient } from '../src/server/billing/stripe.ts';
import { startFakeStripe } from '../src/server/test/fake-stripe.ts';
import { createTestApp, testDatabases, userWithSession } from '../src/server/test/harness.ts';

const TURNS = 400;
const WEBHOOKS = 200;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

for (const kind of testDatabases()) {
  const fake = await startFakeStripe();
  const t = await createTestApp(kind, {
    poolSize: 10,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      STRIPE_API_URL: fake.url,
    },
  });
  try {
    await userWithSession(t, 'bench@example.com');
    const [u] = await t.deps.db.select().from(users).where(eq(users.email, 'bench@example.com'));
    const reserve: number[] = [];
    const settle: number[] = [];
    for (let i = 0; i < TURNS; i++) {
      const a = performance.now();
      const hold = await t.deps.credits.reserveTurn(u!.id, {
        offline: false,
        model: 'gpt-4o',
        promptTokens: 1500,
        maxOutputTokens: 2000,
      });
      await hold!.bind(1_000_000 + i);
      const b = performance.now();
      await t.deps.credits.chargeTurn({
        userId: u!.id,
        replyId: 1_000_000 + i,
        model: 'gpt-4o',
        provider: 'openai',
        offline: false,
        tokensIn: 1500,
        tokensCached: 500,
        tokensOut: 300,
      });
      reserve.push(b - a);
      settle.push(performance.now() - b);
    }
    console.log(
      `${kind}: credit check before a turn p50 ${ms(pct(reserve, 50))}, p99 ${ms(pct(reserve, 99))}; ` +
        `settle with the usage row after p50 ${ms(pct(settle, 50))}, p99 ${ms(pct(settle, 99))} (${TURNS} turns)`,
    );

    // Webhooks: one waiting order each, paid by a signed checkout.session.completed.
    const webhooks = (await stripeClient(t.deps.config)).webhooks;
    const typeRow = (await t.deps.db.query.subscriptionTypes.findFirst())!;
    const ids: number[] = [];
    for (let i = 0; i < WEBHOOKS; i++) {
      const [o] = await t.deps.db
        .insert(orders)
        .values({ userId: u!.id, typeId: typeRow.id, amountAgorot: 100, provider: 'stripe' })
        .returning();
      ids.push(o!.id);
    }
    const start = performance.now();
    for (const id of ids) {
      const payload = JSON.stringify({
        id: `evt_bench_${id}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: `cs_bench_${id}`,
            object: 'checkout.session',
            client_reference_id: String(id),
            payment_status: 'paid',
            payment_intent: `pi_bench_${id}`,
            invoice: null,
            subscription: null,
          },
        },
      });
      const header = webhooks.generateTestHeaderString({ payload, secret: 'whsec_bench' });
      const r = await t.app.inject({
        method: 'POST',
        url: DirectPaths.paymentWebhook,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });
      if (r.statusCode !== 200) throw new Error(`webhook answered ${r.statusCode}`);
    }
    const received = performance.now() - start;
    await t.deps.jobs.idle();
    const handled = performance.now() - start;
    const paid = (await t.deps.db.select().from(orders).where(eq(orders.status, 1))).length;
    console.log(
      `${kind}: ${WEBHOOKS} webhooks received in ${ms(received)} (${((WEBHOOKS / received) * 1000).toFixed(0)}/s), ` +
        `all handled by the job in ${ms(handled)} (${((WEBHOOKS / handled) * 1000).toFixed(0)}/s); ${paid} orders paid`,
    );
  } finally {
    await t.close();
    await fake.close();
  }
}
