import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eventTransports } from './test-transports.ts';

for (const transport of eventTransports()) {
  describe(`events through ${transport.name}`, () => {
    let opened: ReturnType<typeof transport.open>;
    afterEach(async () => opened?.close());
    const topic = () => `test.${randomBytes(4).toString('hex')}`;

    it("one instance's events reach another's listener, in the order published", async () => {
      opened = transport.open();
      const a = opened.instance();
      const b = opened.instance();
      const t = topic();
      const got: unknown[] = [];
      const off = await b.subscribe(t, (p) => got.push(p));
      const sent = Array.from({ length: 200 }, (_, i) => ({ n: i, text: `שלום ${i}` }));
      await Promise.all(sent.map((p) => a.publish(t, p)));
      await expect.poll(() => got.length).toBe(200);
      expect(got).toEqual(sent);
      off();
    });

    it('only listeners of the topic hear it, and not after they unsubscribe', async () => {
      opened = transport.open();
      const a = opened.instance();
      const b = opened.instance();
      const [t1, t2] = [topic(), topic()];
      const one: unknown[] = [];
      const two: unknown[] = [];
      const off1 = await b.subscribe(t1, (p) => one.push(p));
      await b.subscribe(t2, (p) => two.push(p));
      await a.publish(t1, 'first');
      await expect.poll(() => one).toEqual(['first']);
      off1();
      await a.publish(t1, 'unheard');
      await a.publish(t2, 'second');
      // Events of one publisher arrive in order: once `second` is in, `unheard` was passed by.
      await expect.poll(() => two).toEqual(['second']);
      expect(one).toEqual(['first']);
    });

    it('refuses a payload over the size a notification can carry, and a bad topic', async () => {
      opened = transport.open();
      const a = opened.instance();
      await expect(a.publish(topic(), { x: 'א'.repeat(4000) })).rejects.toThrow(/over/);
      await expect(a.publish('Bad Topic!', {})).rejects.toThrow(/topic/);
    });
  });
}
