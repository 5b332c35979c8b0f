import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/users.repo.ts';
import { fake } from '../test/fakes.ts';
import { adminCommand, type AdminRepos } from './admin.service.ts';

/** The operator's commands on repositories kept in memory: no database. */
function setup() {
  const dana = {
    id: 7,
    email: 'dana@example.com',
    canadd: false,
    imgedit: false,
    globalpriv: false,
  };
  const patches: { id: number; patch: object }[] = [];
  const repos: AdminRepos = {
    users: fake<AdminRepos['users']>(
      {
        async byEmail(email) {
          return email === dana.email ? (dana as unknown as UserRow) : undefined;
        },
        async update(id, patch) {
          patches.push({ id, patch });
          Object.assign(dana, patch);
          return dana as unknown as UserRow;
        },
      },
      'users',
    ),
    audit: fake<AdminRepos['audit']>(
      {
        async list() {
          return [
            {
              at: new Date('2026-11-25T10:00:00Z'),
              viewerEmail: 'admin@example.com',
              targetEmail: dana.email,
              friendid: 'holmes',
            },
          ] as Awaited<ReturnType<AdminRepos['audit']['list']>>;
        },
      },
      'audit',
    ),
    billing: fake<AdminRepos['billing']>({}, 'billing'),
    analytics: fake<AdminRepos['analytics']>({}, 'analytics'),
  };
  const ports = { failedJobs: async () => [] };
  return { repos, ports, dana, patches };
}

describe('adminCommand (fake repositories)', () => {
  it('grants through the users repository it is given and says what the user now has', async () => {
    const { repos, ports, patches } = setup();
    const out = await adminCommand(repos, ports, {
      command: 'grant',
      email: 'Dana@Example.com',
      flags: ['canadd', 'imgedit'],
    });
    expect(out).toBe('dana@example.com: canadd,imgedit');
    expect(patches).toEqual([{ id: 7, patch: { canadd: true, imgedit: true } }]);
  });

  it('refuses an unknown user and writes nothing', async () => {
    const { repos, ports, patches } = setup();
    await expect(
      adminCommand(repos, ports, {
        command: 'revoke',
        email: 'nobody@example.com',
        flags: ['canadd'],
      }),
    ).rejects.toThrow('no user nobody@example.com');
    expect(patches).toEqual([]);
  });

  it('reads the audit log and the failed jobs from what it is handed', async () => {
    const { repos, ports } = setup();
    expect(await adminCommand(repos, ports, { command: 'audit' })).toContain(
      'admin@example.com viewed dana@example.com with holmes',
    );
    expect(await adminCommand(repos, ports, { command: 'jobs' })).toBe('no failed jobs');
  });
});
