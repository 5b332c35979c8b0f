import { ErrorCode } from '../../protocol/errors.ts';
import { PushSubscriptionJson } from '../../protocol/actions/push.ts';
import type { PushKind, PushMessage } from '../../protocol/push.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import { msg, type MessageKey } from '../wording.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { endpointAllowed } from './push-sender.ts';
import type { PushSettingsRow } from './push.repo.ts';

/** A device was saved (`{userId}`): every instance forgets that the user had none. */
const DEVICES_TOPIC = 'push.devices';

/** One job per device and message: a retry sends again to that device only. */
export const PUSH_JOB = 'push-send';

interface PushJob {
  subscriptionId: number;
  endpoint: string;
  message: PushMessage;
}

const TEXTS: Record<PushKind, [MessageKey, MessageKey]> = {
  turn: ['pushTurnTitle', 'pushTurnBody'],
  image: ['pushImageTitle', 'pushImageBody'],
  shared: ['pushSharedTitle', 'pushSharedBody'],
};

const flag = (b: boolean) => (b ? 1 : 0);

export function pushService(deps: Deps, repos: Pick<Repos, 'push'>) {
  const repo = repos.push;

  /**
   * Users known to have no device, until when (clock ms). Most users never turn
   * notifications on, and every finished turn, image and share asks: for them it costs no
   * statement. A device saved on any instance clears the user's entry (an event); the entry
   * expires anyway, in case that event was lost. Removals never need it cleared.
   */
  const noDevices = new Map<number, number>();
  /** Counts clearings, so a lookup that began before one does not fill the cache after it. */
  let cleared = 0;
  const NO_DEVICES_MS = 60_000;
  const MAX_CACHED = 100_000;

  function forget(userId: number) {
    cleared++;
    noDevices.delete(userId);
  }
  void deps.events
    .subscribe(DEVICES_TOPIC, (e) => forget((e as { userId: number }).userId))
    .catch((err: unknown) => deps.log.warn({ err }, 'push device events not heard'));

  /** Queues `kind` for every device of the user, if they want to hear about it. */
  async function notify(userId: number, kind: PushKind, url: string, friendid?: string) {
    const now = deps.clock.now().getTime();
    const until = noDevices.get(userId);
    if (until !== undefined) {
      if (until > now) return;
      noDevices.delete(userId);
    }
    const asked = cleared;
    const devices = await repo.targets(userId, kind);
    if (devices.length === 0) {
      if (asked === cleared) {
        if (noDevices.size >= MAX_CACHED) noDevices.clear();
        noDevices.set(userId, now + NO_DEVICES_MS);
      }
      return;
    }
    if (!devices[0]!.wanted) return;
    const lang = devices[0]!.lang === 'en' ? 'en' : 'he';
    const name = friendid ? await repo.friendName(friendid) : '';
    const [title, body] = TEXTS[kind];
    const message: PushMessage = {
      kind,
      title: msg(title, lang, { name }),
      body: msg(body, lang, { name }),
      url,
      tag: `${kind}:${friendid ?? ''}`,
      lang,
    };
    for (const d of devices) {
      await deps.jobs.send(PUSH_JOB, {
        subscriptionId: d.id,
        endpoint: d.endpoint,
        message,
      } satisfies PushJob);
    }
  }

  async function deliver(job: PushJob) {
    const sub = await repo.byId(job.subscriptionId);
    // Removed or renewed since the job was queued: nothing to send to.
    if (!sub || sub.endpoint !== job.endpoint) return;
    const result = await deps.push.send(sub, JSON.stringify(job.message));
    if (result === 'gone') {
      await repo.removeGone(sub.id, sub.endpoint);
      deps.log.info({ subscription: sub.id }, 'push subscription gone (404/410): removed');
    }
  }

  deps.jobs.define<PushJob>(PUSH_JOB, deliver, { retryLimit: 3, retryDelaySeconds: 30 });
  deps.domain.on('turn.finished', (e) =>
    notify(e.userId, 'turn', `/chat/${e.friendid}`, e.friendid),
  );
  deps.domain.on('image.created', (e) =>
    e.ok ? notify(e.userId, 'image', '/createimg') : undefined,
  );
  deps.domain.on('friend.shared', (e) =>
    notify(e.userId, 'shared', `/chat/${e.friendid}`, e.friendid),
  );

  return {
    notify,
    /** Spec part 1 §7 UpdateFCMToken: this device's subscription, or its removal (''). */
    async updateToken(input: ParsedInput<'UpdateFCMToken'>, ctx: Ctx) {
      const me = requireUser(ctx);
      if (input.token === '') {
        const removed = await repo.removeDevice(me.id, input.udid);
        ctx.log.info({ removed }, 'push subscription removed');
        return {};
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(input.token);
      } catch {
        parsed = null;
      }
      const sub = PushSubscriptionJson.safeParse(parsed);
      if (!sub.success) {
        throw refusal(ErrorCode.BAD_INPUT, 'pushTokenInvalid');
      }
      // The server will post to this address: only browsers' push services (no SSRF).
      if (!endpointAllowed(sub.data.endpoint, deps.config.pushAllowedOrigins)) {
        ctx.log.warn({ origin: new URL(sub.data.endpoint).origin }, 'push endpoint refused');
        throw refusal(ErrorCode.BAD_INPUT, 'pushEndpointRefused');
      }
      await repo.save(
        me.id,
        input.udid,
        { endpoint: sub.data.endpoint, p256dh: sub.data.keys.p256dh, auth: sub.data.keys.auth },
        deps.clock.now(),
      );
      forget(me.id);
      await deps.events
        .publish(DEVICES_TOPIC, { userId: me.id })
        .catch((err: unknown) => ctx.log.warn({ err }, 'push device event not published'));
      ctx.log.info('push subscription stored');
      return {};
    },

    async getSetSettings(input: ParsedInput<'GetSetPushSettings'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const patch: Partial<PushSettingsRow> = {};
      if (input.turn !== undefined) patch.turn = input.turn === 1;
      if (input.image !== undefined) patch.image = input.image === 1;
      if (input.shared !== undefined) patch.shared = input.shared === 1;
      if (Object.keys(patch).length) await repo.saveSettings(me.id, patch);
      const s = await repo.settings(me.id);
      return {
        turn: flag(s.turn),
        image: flag(s.image),
        shared: flag(s.shared),
        devices: (await repo.ofUser(me.id)).length,
        vapidkey: deps.push.publicKey,
      };
    },
  };
}
