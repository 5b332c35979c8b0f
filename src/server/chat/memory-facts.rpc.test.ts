import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../test/fake-openai.ts';
import { rpc, testDatabases, userWithSession } from '../test/harness.ts';
import { chatTestBed } from './chat-test-kit.ts';

interface Fact {
  id: number;
  text: string;
  messageid: number | null;
  subject: string | null;
}

/** The message ids the memory call shows the model, by the text of the message. */
function idsIn(req: FakeRequest): Map<string, number> {
  const text = JSON.stringify(req.messages).replace(/\\n/g, '\n');
  const ids = new Map<string, number>();
  for (const m of text.matchAll(/\[#(\d+)\] USER: ([^\n"]+)/g)) ids.set(m[2]!, Number(m[1]));
  return ids;
}

describe.each(testDatabases())('memory as facts on %s', (kind) => {
  const { bed, ask } = chatTestBed(kind);
  const call = (action: string, body: Record<string, unknown> = {}, bearer = bed.token) =>
    rpc(bed.t.app, { action, friendid: 'holmesen', ...body }, { bearer });
  const facts = async () => (await call('GetMemoryFacts')).body.facts as Fact[];

  it('learns facts linked to their messages, replaces contradicted ones, lets the reader correct them', async () => {
    const { fake, t } = bed;
    let round = 0;
    let firstFacts: Fact[] = [];
    fake.setDefault((req) => {
      if (!JSON.stringify(req.messages).includes('RECENT CONVERSATION')) {
        return { text: 'Indeed.' };
      }
      const ids = idsIn(req);
      round++;
      if (round === 1) {
        return {
          text: JSON.stringify({
            facts: [
              { text: 'Dana loves poetry.', source: ids.get('I love poetry'), replaces: [] },
              { text: 'Dana has a cat named Tom.', source: ids.get('My cat Tom sleeps all day') },
            ],
          }),
        };
      }
      const poetry = firstFacts.find((f) => f.text.includes('poetry'))!;
      // The model repeats a fact it already has and contradicts another; as text in a fence.
      return {
        text: `\`\`\`json\n${JSON.stringify({
          facts: [
            {
              text: 'Dana now prefers prose to poetry.',
              source: ids.get('Actually I prefer prose now'),
              replaces: [poetry.id],
            },
            { text: 'Dana has a cat named Tom.', source: ids.get('Anyway') },
            { text: 'An invented source.', source: 999_999, replaces: [123_456] },
          ],
        })}\n\`\`\``,
      };
    });

    for (const q of ['I love poetry', 'My cat Tom sleeps all day', 'Tell me a story'])
      expect((await ask({ message: q, subject: 'Pets' })).body.Error).toBe(0);
    await t.deps.jobs.idle();
    firstFacts = await facts();
    expect(firstFacts.map((f) => [f.text, f.subject])).toEqual([
      ['Dana loves poetry.', 'Pets'],
      ['Dana has a cat named Tom.', 'Pets'],
    ]);
    const conversation = await call('RetrieveConversation', { subject: 'Pets' });
    const messages = conversation.body.chat as { id: number; message: string }[];
    const idOf = (text: string) => messages.find((m) => m.message === text)?.id;
    expect(firstFacts[0]!.messageid).toBe(idOf('I love poetry'));
    expect(firstFacts[1]!.messageid).toBe(idOf('My cat Tom sleeps all day'));

    for (const q of ['Actually I prefer prose now', 'Anyway', 'Good night'])
      expect((await ask({ message: q, subject: 'Pets' })).body.Error).toBe(0);
    await t.deps.jobs.idle();
    const second = await facts();
    // Replaced, not duplicated; an invented source falls back to the last user message.
    expect(second.map((f) => f.text)).toEqual([
      'Dana has a cat named Tom.',
      'Dana now prefers prose to poetry.',
      'An invented source.',
    ]);
    expect(second[0]!.id).toBe(firstFacts[1]!.id);
    const conv2 = (await call('RetrieveConversation', { subject: 'Pets' })).body.chat as {
      id: number;
      message: string;
    }[];
    expect(second[1]!.messageid).toBe(
      conv2.find((m) => m.message === 'Actually I prefer prose now')?.id,
    );
    expect(second[2]!.messageid).toBe(conv2.find((m) => m.message === 'Good night')?.id);
    // Spec clients and the prompt read the facts joined.
    expect((await call('GetSetMemory')).body.memory).toBe(second.map((f) => f.text).join('\n'));

    // The reader corrects one fact (it keeps its source) and deletes another.
    const corrected = await call('SetMemoryFact', {
      id: second[0]!.id,
      text: 'Dana has two cats.',
    });
    expect((corrected.body.facts as Fact[])[0]).toMatchObject({
      text: 'Dana has two cats.',
      messageid: second[0]!.messageid,
    });
    const left = (await call('DelMemoryFact', { id: second[2]!.id })).body.facts as Fact[];
    expect(left.map((f) => f.text)).toEqual([
      'Dana has two cats.',
      'Dana now prefers prose to poetry.',
    ]);

    // Someone else cannot touch these facts, even by id.
    const other = await userWithSession(t, 'other-reader@example.com');
    expect((await call('DelMemoryFact', { id: left[0]!.id }, other)).body.Error).toBe(5);
    expect((await call('GetMemoryFacts', {}, other)).body.facts).toEqual([]);

    // Saving the whole text keeps the facts that stay, with their sources.
    await call('GetSetMemory', { memory: 'Dana has two cats.\nDana lives in Haifa.', set: 1 });
    const after = await facts();
    expect(after.map((f) => [f.text, f.messageid])).toEqual([
      ['Dana has two cats.', left[0]!.messageid],
      ['Dana lives in Haifa.', null],
    ]);
  });
});
