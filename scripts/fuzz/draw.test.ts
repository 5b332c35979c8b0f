import { describe, expect, it } from 'vitest';
import { actionNames } from '../../src/protocol/registry.ts';
import { drawRequest } from './run.ts';
import { OWNER_CHARACTER, SPARE_CHARACTER, targets, type Identity } from './targets.ts';

const ids = {
  anonymous: { name: 'anonymous' },
  stranger: { name: 'stranger', email: 'fuzz-stranger@example.com', token: 'tok-stranger' },
  viewer: { name: 'viewer', email: 'fuzz-viewer@example.com', token: 'tok-viewer' },
  owner: {
    name: 'owner',
    email: 'fuzz-owner@example.com',
    token: 'tok-owner',
    character: OWNER_CHARACTER,
  },
  spare: {
    name: 'spare',
    email: 'fuzz-spare@example.com',
    token: 'tok-spare',
    character: SPARE_CHARACTER,
  },
} satisfies Record<string, Identity>;
const ctx = { pushOrigin: 'http://127.0.0.1:9' };

const bytes = (seed: number, i: number, ownerPhase = false) => {
  const d = drawRequest(seed, i, ownerPhase, ids, ctx);
  const body = d.request.body;
  return JSON.stringify({
    target: d.target.label,
    who: d.who.name,
    ...d.request,
    body: Buffer.isBuffer(body) ? body.toString('base64') : body,
  });
};

/** The fuzzer's requests depend on the seed and their number only (issue 35, item 6). */
describe('drawing the fuzzer’s requests', () => {
  it('request i is the same whatever was drawn before it', () => {
    const n = 300;
    const forward = Array.from({ length: n }, (_, i) => bytes(35, i));
    const backward = Array.from({ length: n }, (_, i) => bytes(35, n - 1 - i)).reverse();
    expect(backward).toEqual(forward);
    // Another seed draws other requests.
    expect(bytes(36, 0)).not.toBe(forward[0]);
  });

  it('the owner never sends what would end their session or take their data away', () => {
    for (let i = 0; i < 3_000; i++) {
      const d = drawRequest(35, i, true, ids, ctx);
      if (d.who.name !== 'owner' || !d.target.action) continue;
      expect(['SignOut', 'SignOutEverywhere', 'DeleteFriend', 'AddEmailToFriend']).not.toContain(
        d.target.action,
      );
    }
  });

  it('every action is a target, and both action doors are used', () => {
    for (const name of actionNames) expect(targets.map((t) => t.label)).toContain(`action:${name}`);
    const routes = new Set<string>();
    const paths = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const r = drawRequest(35, i, false, ids, ctx).request;
      routes.add(r.route);
      if (r.route === '/api/rpc') paths.add(r.path);
    }
    expect([...routes].sort()).toEqual(['/api', '/api/rpc', 'direct']);
    expect(paths.size).toBeGreaterThan(50);
  });

  it("UpdateFCMToken's subscriptions point at the run's own push service", () => {
    let own = 0;
    for (let i = 0; i < 4_000; i++) {
      const d = drawRequest(35, i, false, ids, ctx);
      if (d.target.action !== 'UpdateFCMToken' || typeof d.request.body !== 'string') continue;
      if (d.request.body.includes(`${ctx.pushOrigin}/push/`)) own++;
    }
    expect(own).toBeGreaterThan(5);
  });
});
