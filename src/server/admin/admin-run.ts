import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { failedJobs } from '../platform/jobs.ts';
import { createRepos } from '../repos.ts';
import { adminCommand, type AdminCommand } from './admin.service.ts';

/**
 * The operator's entry (the CLI, the loopback endpoint, tests): the composition root of
 * adminCommand, as createServices is of the domains — the repositories built on `db`.
 */
export function runAdminCommand(db: Db, cmd: AdminCommand, config?: Config): Promise<string> {
  return adminCommand(createRepos(db), { failedJobs: () => failedJobs(db), config }, cmd);
}
