import { z } from 'zod';
import { hashPassword } from '../infra/secrets.ts';
import type { FailedJob } from '../platform/jobs.ts';
import type { Config } from '../config.ts';
import type { Repos } from '../repos.ts';
import { BillingAdminCommands, runBillingAdmin } from '../billing/billing.admin.ts';
import { usageReport } from '../analytics/usage-report.ts';

export const FLAGS = ['canadd', 'imgedit', 'globalpriv'] as const;
export type Flag = (typeof FLAGS)[number];

const FlagList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(FLAGS)).min(1, 'name at least one of canadd, imgedit, globalpriv'));

export const AdminCommand = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create-user'),
    email: z.email(),
    name: z.string().trim().min(1).max(100),
    password: z.string().min(8, 'the password needs at least 8 characters').max(200).optional(),
    usertype: z.coerce.number().int().min(0).max(2).default(1),
    grant: FlagList.optional(),
  }),
  z.object({ command: z.literal('grant'), email: z.email(), flags: FlagList }),
  z.object({ command: z.literal('revoke'), email: z.email(), flags: FlagList }),
  z.object({ command: z.literal('jobs') }),
  /** Image credits (spec part 2 §3 `imgcredit`): set to a number, or add with a sign (+5, -2). */
  z.object({
    command: z.literal('imgcredit'),
    email: z.email(),
    amount: z.string().regex(/^[+-]?\d{1,6}$/, 'a number, or +n / -n to add or take away'),
  }),
  z.object({ command: z.literal('audit') }),
  ...BillingAdminCommands,
  z.object({
    command: z.literal('usage'),
    days: z.coerce.number().int().min(1).max(366).default(30),
  }),
]);
export type AdminCommand = z.infer<typeof AdminCommand>;

export type AdminRepos = Pick<Repos, 'audit' | 'billing' | 'analytics' | 'users'>;

export interface AdminPorts {
  /** pg-boss's jobs that failed for good (its own tables, not ours). */
  failedJobs: () => Promise<FailedJob[]>;
  config?: Config;
}

/**
 * Administration that only the machine's operator may run (CLI, or the server's loopback
 * port, through runAdminCommand in admin-run.ts, which hands it the repositories).
 */
export async function adminCommand(
  repos: AdminRepos,
  ports: AdminPorts,
  cmd: AdminCommand,
): Promise<string> {
  if (cmd.command === 'jobs') return describeFailedJobs(await ports.failedJobs());
  if (cmd.command === 'audit') return describeAudit(await repos.audit.list(200));
  if (cmd.command === 'subscription-types' || cmd.command === 'billing')
    return runBillingAdmin(repos.billing, cmd, ports.config);
  if (cmd.command === 'usage') return usageReport(repos.analytics, cmd.days, new Date());
  const repo = repos.users;
  const email = cmd.email.toLowerCase();
  const existing = await repo.byEmail(email);
  const flagPatch = (flags: Flag[] | undefined, on: boolean) =>
    Object.fromEntries((flags ?? []).map((f) => [f, on])) as Partial<Record<Flag, boolean>>;

  switch (cmd.command) {
    case 'create-user': {
      const values = {
        fullname: cmd.name,
        usertype: cmd.usertype,
        // The operator vouches for the address.
        verifiedAt: new Date(),
        ...(cmd.password ? { passwordHash: await hashPassword(cmd.password) } : {}),
        ...flagPatch(cmd.grant, true),
      };
      if (existing) {
        await repo.update(existing.id, values);
        return `updated ${email}`;
      }
      await repo.create({ email, ...values });
      return `created ${email}`;
    }
    case 'grant':
    case 'revoke': {
      if (!existing) throw new Error(`no user ${email}`);
      const u = await repo.update(existing.id, flagPatch(cmd.flags, cmd.command === 'grant'));
      const now = FLAGS.filter((f) => u[f]).join(',') || 'none';
      return `${email}: ${now}`;
    }
    case 'imgcredit': {
      if (!existing) throw new Error(`no user ${email}`);
      const n = Number(cmd.amount);
      const relative = /^[+-]/.test(cmd.amount);
      const imgcredit = Math.max(0, relative ? existing.imgcredit + n : n);
      const u = await repo.update(existing.id, { imgcredit });
      return `${email}: ${u.imgcredit} image credit(s), ${u.imgcreated} image(s) created`;
    }
  }
}

/** One line per job that failed for good, newest first, with why. */
function describeFailedJobs(jobs: FailedJob[]): string {
  if (!jobs.length) return 'no failed jobs';
  return [
    `${jobs.length} failed job(s), newest first:`,
    ...jobs.map(
      (j) =>
        `${j.failedAt?.toISOString() ?? '-'}  ${j.name}  ${j.id}  after ${j.attempts} attempt(s): ${j.reason}  ${JSON.stringify(j.data)}`,
    ),
  ].join('\n');
}

/** The history viewer's audit log, newest first: when, who, whose conversation, which character. */
function describeAudit(rows: Awaited<ReturnType<Repos['audit']['list']>>): string {
  if (!rows.length) return 'no conversation viewings recorded';
  return [
    `${rows.length} viewing(s), newest first:`,
    ...rows.map(
      (r) => `${r.at.toISOString()}  ${r.viewerEmail} viewed ${r.targetEmail} with ${r.friendid}`,
    ),
  ].join('\n');
}
