import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  checkTopic,
  encodeEvent,
  topicListeners,
  type DroppedEvent,
  type Events,
} from './events.ts';

const PREFIX = 'sefer:ev:';

/**
 * Events through Redis pub/sub: publishes on the shared connection, listens on a second one
 * (a subscribed Redis connection can do nothing else). ioredis re-subscribes after a reconnect.
 */
export function redisEvents(
  redis: Redis,
  log: Logger,
  onDropped?: (reason: DroppedEvent) => void,
): Events {
  const listeners = topicListeners((err) => {
    log.warn({ err }, 'event listener failed');
    onDropped?.('listener');
  });
  const sub = redis.duplicate();
  sub.on('error', (err) => log.warn({ err }, 'events connection error'));
  sub.on('message', (channel: string, message: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (err) {
      log.warn({ err, channel }, 'an event that is not JSON was dropped');
      onDropped?.('unparsable');
      return;
    }
    listeners.deliver(channel.slice(PREFIX.length), payload);
  });
  return {
    async publish(topic, payload) {
      await redis.publish(PREFIX + checkTopic(topic), encodeEvent(payload));
    },
    async subscribe(topic, listener) {
      checkTopic(topic);
      const first = !listeners.has(topic);
      const remove = listeners.add(topic, listener);
      if (first) await sub.subscribe(PREFIX + topic);
      return () => {
        remove();
        if (!listeners.has(topic))
          sub
            .unsubscribe(PREFIX + topic)
            .catch((err: unknown) => log.warn({ err }, 'unsubscribe failed'));
      };
    },
    describe: () => 'Redis pub/sub',
    async close() {
      sub.disconnect();
    },
  };
}
