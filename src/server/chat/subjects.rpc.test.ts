import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { messages } from '../db/schema.ts';
import type { FakeOpenAI } from '../test/fake-openai.ts';
import { rpc, testDatabases, type TestApp } from '../test/harness.ts';
import { chatTestBed } from './chat-test-kit.ts';
import { openTurnQuery } from './open-turn.repo.ts';

describe.each(testDatabases())('subjects, markers, memory and canvas on %s', (kind) => {
  const { bed, ask, retrieve } = chatTestBed(kind);
  let fake: FakeOpenAI;
  let t: TestApp;
  let token: string;
  beforeAll(() => ({ fake, t, token } = bed));

  it('::subject:: creates a subject and hides the answer; ::(name):: renames the current one', async () => {
    fake.enqueueFor('about Moriarty', { text: '::Moriarty::' });
    const r = await ask({
      message: 'Let us talk about Moriarty in a new subject',
      subject: 'Markers',
    });
    expect(r.body.markers).toMatchObject({ newSubject: 'Moriarty', hidden: true });
    const subjects = await rpc(
      t.app,
      { action: 'GetSubjects', friendid: 'holmesen' },
      { bearer: token },
    );
    expect(subjects.body.subjects).toContain('Moriarty');
    const created = await retrieve({ subject: 'Moriarty' });
    expect((created.body.chat as { role: string }[])[0]?.role).toBe('assistant');
    const conv = await retrieve({ subject: 'Markers' });
    expect(
      (conv.body.chat as { message: string }[]).some((m) => m.message.includes('::Moriarty::')),
    ).toBe(false);

    fake.enqueueFor('Rename this', { text: 'Done. ::(The Napoleon of crime)::' });
    const r2 = await ask({ message: 'Rename this subject', subject: 'Moriarty' });
    expect(r2.body).toMatchObject({
      subject: 'The Napoleon of crime',
      markers: { renameSubject: 'The Napoleon of crime', hidden: false },
    });
  });

  it('subjects: create, rename, fork with context, delete; rewind and reset', async () => {
    const call = (action: string, body: Record<string, unknown>) =>
      rpc(t.app, { action, friendid: 'holmesen', ...body }, { bearer: token });
    expect((await call('UpdateSubject', { newsubject: 'Cases' })).body).toMatchObject({
      Error: 0,
      subject: 'Cases',
    });
    expect((await call('UpdateSubject', { newsubject: '   ' })).body.Error).toBe(
      ErrorCode.BAD_INPUT,
    );
    await ask({ message: 'First case?', subject: 'Cases' });
    await ask({ message: 'Second case?', subject: 'Cases' });
    expect(
      (await call('UpdateSubject', { subject: 'Cases', newsubject: 'Old cases' })).body.subject,
    ).toBe('Old cases');
    expect(
      (await call('ForkSubject', { subject: 'Old cases', newsubject: 'Fork' })).body.subject,
    ).toBe('Fork');
    const fork = await retrieve({ subject: 'Fork' });
    expect((fork.body.chat as { message: string }[]).map((m) => m.message)).toContain(
      'Second case?',
    );
    expect(
      (await call('ForkSubject', { subject: 'Old cases', newsubject: 'fork' })).body.Error,
    ).toBe(ErrorCode.CONFLICT);

    const chat = (await retrieve({ subject: 'Old cases' })).body.chat as {
      id: number;
      role: string;
    }[];
    const firstAnswer = chat.filter((m) => m.role === 'assistant')[1]!;
    const rew = await call('RewindConversation', { subject: 'Old cases', id: firstAnswer.id });
    expect(rew.body).toMatchObject({ Error: 0, removed: 2 });
    expect(((await retrieve({ subject: 'Old cases' })).body.chat as unknown[]).length).toBe(3);

    await call('ResetConversation', { subject: 'Old cases' });
    const reset = (await retrieve({ subject: 'Old cases' })).body.chat as { role: string }[];
    expect(reset.map((m) => m.role)).toEqual(['assistant']);

    const del = await call('DelSubject', { subject: 'Fork' });
    expect(del.body.subjects).not.toContain('Fork');
  });

  it('rewind by tm keeps the answer at that time when its question shares the second', async () => {
    await ask({ message: 'Same second question', subject: 'Rewind tm' });
    await ask({ message: 'Later question', subject: 'Rewind tm' });
    const chat = (await retrieve({ subject: 'Rewind tm' })).body.chat as {
      id: number;
      role: string;
      message: string;
    }[];
    const q = chat.find((m) => m.message === 'Same second question')!;
    const a = chat[chat.indexOf(q) + 1]!;
    expect(a.role).toBe('assistant');
    // A question and its answer written within one second, as they usually are.
    const second = new Date('2026-01-02T03:04:05.000Z');
    for (const m of [q, a])
      await t.deps.db.update(messages).set({ createdAt: second }).where(eq(messages.id, m.id));
    const rew = await rpc(
      t.app,
      {
        action: 'RewindConversation',
        friendid: 'holmesen',
        subject: 'Rewind tm',
        tm: '2026-01-02 03:04:05',
      },
      { bearer: token },
    );
    expect(rew.body).toMatchObject({ Error: 0, removed: 2 });
    const after = (await retrieve({ subject: 'Rewind tm' })).body.chat as { id: number }[];
    expect(after.map((m) => m.id)).toEqual(chat.slice(0, chat.indexOf(a) + 1).map((m) => m.id));
  });

  it('a question makes its subject the most recent one', async () => {
    const subjectsNow = async () =>
      (await rpc(t.app, { action: 'GetSubjects', friendid: 'holmesen' }, { bearer: token })).body
        .subjects as string[];
    await ask({ message: 'Hello A', subject: 'Order A' });
    await ask({ message: 'Hello B', subject: 'Order B' });
    expect((await subjectsNow()).slice(0, 2)).toEqual(['Order B', 'Order A']);
    await ask({ message: 'Back to A', subject: 'Order A' });
    expect((await subjectsNow()).slice(0, 2)).toEqual(['Order A', 'Order B']);
  });

  it("a reply left by a stopped server reads as failed, in the reader's language, every time", async () => {
    await ask({ message: 'Before the crash', subject: 'Crash' });
    const [row] = (await t.deps.db.select().from(messages))
      .filter((m) => m.role === 'assistant')
      .sort((a, b) => b.id - a.id);
    // As a server that stopped mid-reply leaves it: streaming, not written for a minute.
    await t.deps.db
      .update(messages)
      .set({ status: 'streaming', updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(messages.id, row!.id));
    for (const lang of ['he', 'en']) {
      const conv = await retrieve({ subject: 'Crash', lang });
      const last = (conv.body.chat as { status: string; error?: string }[]).at(-1)!;
      expect(last.status).toBe('failed');
      // Never our internal reason ('interrupted'); the client words it when none is given.
      expect(last.error ?? '').not.toMatch(/interrupted/);
    }
  });

  it('memory and notes enter the prompt; memory is learned in the background', async () => {
    const call = (action: string, body: Record<string, unknown>) =>
      rpc(t.app, { action, friendid: 'holmesen', ...body }, { bearer: token });
    await rpc(t.app, { action: 'GetSetSelf', notes: 'I am a nurse in Haifa.' }, { bearer: token });
    await call('GetSetSelf', { notes: 'Call me Doctor.' });
    expect((await call('GetSetSelf', {})).body.notes).toBe('Call me Doctor.');
    expect((await call('GetSetMemory', { memory: 'Likes violins.', set: 1 })).body.memory).toBe(
      'Likes violins.',
    );
    await ask({ message: 'Hello again', subject: 'Memory' });
    const system = String(fake.requests.at(-1)!.messages[0]!.content);
    expect(system).toContain('I am a nurse in Haifa.');
    expect(system).toContain('Call me Doctor.');
    expect(system).toContain('Likes violins.');

    fake.setDefault((req) => ({
      text: String(req.messages[0]?.content).includes("keep a character's memory")
        ? JSON.stringify({ facts: [{ text: 'Dana is a nurse who loves violins.' }] })
        : 'Indeed.',
    }));
    for (let i = 0; i < 3; i++) await ask({ message: `Tell me more ${i}`, subject: 'Memory' });
    // Memory is updated by a background job after the turn: wait for it, not for a time.
    await vi.waitFor(
      async () =>
        // The memory's answer is a structured one (the facts as JSON, in the provider's JSON mode).
        expect((await call('GetSetMemory', {})).body.memory).toBe(
          'Likes violins.\nDana is a nurse who loves violins.',
        ),
      { timeout: 30_000, interval: 50 },
    );
  });

  it('canvas keeps the previous text as a backup, per subject', async () => {
    const call = (action: string, body: Record<string, unknown>) =>
      rpc(t.app, { action, friendid: 'vered', ...body }, { bearer: token });
    expect((await call('GetCanvas', { subject: 'Plan' })).body).toMatchObject({
      canvas: '',
      backup: '',
    });
    await call('UpdateCanvas', { subject: 'Plan', contents: 'draft 1' });
    const second = await call('UpdateCanvas', { subject: 'Plan', contents: 'draft 2' });
    expect(second.body).toMatchObject({ canvas: 'draft 2', backup: 'draft 1' });
    expect((await call('GetCanvas', { subject: 'Other' })).body.canvas).toBe('');
  });

  it("a turn neither reads nor changes its subject's canvas", async () => {
    const call = (action: string, body: Record<string, unknown>) =>
      rpc(t.app, { action, friendid: 'vered', ...body }, { bearer: token });
    await call('UpdateCanvas', { subject: 'Canvas turn', contents: 'notes 1' });
    await call('UpdateCanvas', { subject: 'Canvas turn', contents: 'notes 2' });
    fake.enqueueFor('about the canvas', { text: 'Noted.' });
    const r = await ask({
      friendid: 'vered',
      message: 'A word about the canvas',
      subject: 'Canvas turn',
    });
    expect(r.body).toMatchObject({ Error: 0, message: 'Noted.' });
    expect((await call('GetCanvas', { subject: 'Canvas turn' })).body).toMatchObject({
      canvas: 'notes 2',
      backup: 'notes 1',
    });
    // The turn's first read leaves it out: a canvas may be a long document.
    for (const named of [true, false])
      expect(openTurnQuery(t.deps.db, named).getQuery().sql).not.toMatch(/canvas/);
  });

  it('long conversations load page by page', async () => {
    const subject = 'Paging';
    await rpc(
      t.app,
      { action: 'UpdateSubject', friendid: 'alice', newsubject: subject },
      { bearer: token },
    );
    const conv0 = await rpc(
      t.app,
      { action: 'RetrieveConversation', friendid: 'alice', subject },
      { bearer: token },
    );
    const first = (conv0.body.chat as { id: number }[])[0]!;
    const row = await t.deps.db.select().from(messages);
    const subjectId = row.find((m) => m.id === first.id)!.subjectId;
    await t.deps.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        subjectId,
        role: i % 2 ? 'assistant' : 'user',
        content: `m${i}`,
      })),
    );
    const p1 = await rpc(
      t.app,
      { action: 'RetrieveConversation', friendid: 'alice', subject },
      { bearer: token },
    );
    const chat1 = p1.body.chat as { id: number; message: string }[];
    expect(chat1).toHaveLength(50);
    expect(chat1.at(-1)!.message).toBe('m119');
    expect(p1.body.hasmore).toBe(true);
    const p2 = await rpc(
      t.app,
      { action: 'RetrieveConversation', friendid: 'alice', subject, before: chat1[0]!.id },
      { bearer: token },
    );
    expect((p2.body.chat as { message: string }[]).at(-1)!.message).toBe('m69');
  });
});
