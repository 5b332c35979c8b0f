import { z } from 'zod';
import type { Config } from '../config.ts';
import type { BillingRepo, TypeRow } from './billing.repo.ts';
import { cleanHtml } from './billing.service.ts';
import { stripeClient } from './stripe.ts';
import { billingCheck } from './stripe-check.ts';

const on = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'yes', 'no'])])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'yes');

/** `npm run admin -- subscription-types …` and `npm run admin -- billing sync|check`. */
export const BillingAdminCommands = [
  z.object({
    command: z.literal('subscription-types'),
    action: z.enum(['list', 'set']),
    code: z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, 'code: lower-case letters, digits and dashes')
      .optional(),
    nameHe: z.string().trim().min(1).max(200).optional(),
    nameEn: z.string().trim().min(1).max(200).optional(),
    txtHe: z.string().max(5000).optional(),
    txtEn: z.string().max(5000).optional(),
    /** Shekels, e.g. 29.90. */
    price: z.coerce.number().min(0).max(100_000).optional(),
    monthly: on.optional(),
    credits: z.coerce.number().int().min(0).max(1e9).optional(),
    imgcredits: z.coerce.number().int().min(0).max(1e9).optional(),
    canadd: on.optional(),
    imgedit: on.optional(),
    active: on.optional(),
    sort: z.coerce.number().int().optional(),
  }),
  z.object({ command: z.literal('billing'), action: z.enum(['sync', 'check']) }),
] as const;

type BillingAdminCommand = z.infer<(typeof BillingAdminCommands)[number]>;

const line = (t: TypeRow) =>
  `${t.id}\t${t.code}\t${(t.priceAgorot / 100).toFixed(2)} ILS\t${t.monthly ? 'monthly' : 'one-time'}\tcredits ${t.credits}\timages ${t.imgcredits}` +
  `${t.grantCanadd ? '\tcanadd' : ''}${t.grantImgedit ? '\timgedit' : ''}${t.active ? '' : '\t(inactive)'}` +
  `\t${t.nameEn} / ${t.nameHe}${t.stripePriceId ? `\t${t.stripePriceId}` : ''}`;

export async function runBillingAdmin(
  repo: BillingRepo,
  cmd: BillingAdminCommand,
  config: Config | undefined,
): Promise<string> {
  if (cmd.command === 'subscription-types' && cmd.action === 'list') {
    const types = await repo.types({ activeOnly: false });
    return types.length ? types.map(line).join('\n') : 'no subscription types';
  }
  if (cmd.command === 'subscription-types') {
    if (!cmd.code) throw new Error('name the type: subscription-types set <code> …');
    const existing = await repo.typeByCode(cmd.code);
    if (!existing && (!cmd.nameHe || !cmd.nameEn || cmd.price === undefined))
      throw new Error('a new type needs --name-he, --name-en and --price');
    const priceAgorot = cmd.price === undefined ? undefined : Math.round(cmd.price * 100);
    const row = await repo.upsertType({
      code: cmd.code,
      nameHe: cmd.nameHe ?? existing!.nameHe,
      nameEn: cmd.nameEn ?? existing!.nameEn,
      txtHe: cleanHtml(cmd.txtHe ?? existing?.txtHe ?? ''),
      txtEn: cleanHtml(cmd.txtEn ?? existing?.txtEn ?? ''),
      priceAgorot: priceAgorot ?? existing!.priceAgorot,
      monthly: cmd.monthly ?? existing?.monthly ?? false,
      credits: cmd.credits ?? existing?.credits ?? 0,
      imgcredits: cmd.imgcredits ?? existing?.imgcredits ?? 0,
      grantCanadd: cmd.canadd ?? existing?.grantCanadd ?? false,
      grantImgedit: cmd.imgedit ?? existing?.grantImgedit ?? false,
      active: cmd.active ?? existing?.active ?? true,
      sort: cmd.sort ?? existing?.sort ?? 0,
      // A new price (or kind) needs a new Stripe Price: `billing sync` makes it.
      stripePriceId:
        existing &&
        (priceAgorot === undefined || priceAgorot === existing.priceAgorot) &&
        (cmd.monthly === undefined || cmd.monthly === existing.monthly)
          ? existing.stripePriceId
          : null,
    });
    return line(row);
  }
  if (cmd.action === 'check') {
    if (!config) throw new Error('billing check needs the configuration');
    return billingCheck(config);
  }
  // billing sync: a Stripe Product and Price (ILS; monthly types recurring) per type without one.
  if (!config?.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY)');
  const stripe = await stripeClient(config);
  const out: string[] = [];
  for (const t of await repo.types({ activeOnly: true })) {
    if (t.stripePriceId) continue;
    const product = await stripe.products.create({
      name: t.nameEn,
      metadata: { code: t.code, type: String(t.id) },
    });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'ils',
      unit_amount: t.priceAgorot,
      ...(t.monthly ? { recurring: { interval: 'month' } } : {}),
      metadata: { code: t.code },
    });
    await repo.setTypeStripePrice(t.id, price.id);
    out.push(`${t.code}: ${price.id}`);
  }
  return out.length ? out.join('\n') : 'every type already has its Stripe price';
}
