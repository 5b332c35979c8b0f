import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../infra/secrets.ts';
import { failedJobs, type FailedJob } from '../platform/jobs.ts';
import { usersRepo } from '../users/users.repo.ts';
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
  z.object({
    command: z.literal('usage'),
    days: z.coerce.number().int().min(1).max(366).default(30),
  }),
]);
export type AdminCommand = z.infer<typeof AdminCommand>;

/** Administration that only the machine's operator may run (CLI, or the server's loopback port). */
export async function runAdminCommand(db: Db, cmd: AdminCommand): Promise<string> {
  if (cmd.command === 'jobs') return describeFailedJobs(await failedJobs(db));
  if (cmd.command === 'usage') return usageReport(db, cmd.days, new Date());
  const repo = usersRepo(db);
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
