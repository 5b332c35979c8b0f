import { describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { exportFileName, loadSubject, toJson, toMarkdown } from './subject-export.ts';
import type { Message } from './use-conversation.ts';

vi.mock('../../shared/api/client.ts', () => ({ call: vi.fn() }));

const msg = (id: number, role: 'user' | 'assistant', message: string): Message => ({
  id,
  role,
  message,
  tm: `2026-01-02 10:00:0${id}`,
  speaker: role === 'user' ? 'דנה' : 'Holmes',
  img: null,
  status: 'done',
});

const page = (chat: Message[], hasmore: boolean) => ({
  Error: 0,
  friendname: 'Holmes',
  image: '',
  public: true,
  friendtype: 0,
  voice: '',
  voice_instructions: '',
  creator: '',
  creatorname: '',
  subject: 'מקרה / ראשון',
  chat,
  hasmore,
  priv: 1,
});

describe('subject export', () => {
  it('loads every page of the subject, oldest first, and writes Markdown and JSON', async () => {
    answerCalls({
      RetrieveConversation: (input) =>
        input.before
          ? page([msg(1, 'assistant', 'Welcome.')], false)
          : page([msg(2, 'user', 'שלום **Holmes**'), msg(3, 'assistant', 'Hello.')], true),
    });
    const e = await loadSubject('holmes', 'מקרה / ראשון');
    expect(inputsOf('RetrieveConversation')).toEqual([
      { friendid: 'holmes', subject: 'מקרה / ראשון', limit: 500 },
      { friendid: 'holmes', subject: 'מקרה / ראשון', limit: 500, before: 2 },
    ]);
    expect(e.messages.map((m) => m.id)).toEqual([1, 2, 3]);

    const md = toMarkdown(e);
    expect(md.startsWith('# Holmes — מקרה / ראשון\n')).toBe(true);
    expect(md).toContain('**דנה** · 2026-01-02 10:00:02\n\nשלום **Holmes**');
    const json = JSON.parse(toJson(e)) as { subject: string; messages: { message: string }[] };
    expect(json.subject).toBe('מקרה / ראשון');
    expect(json.messages.map((m) => m.message)).toEqual(['Welcome.', 'שלום **Holmes**', 'Hello.']);
    expect(exportFileName(e, 'md', '2026-01-02')).toBe('holmes-מקרה-ראשון-2026-01-02.md');
  });

  it('a refused read is an error, not an empty file', async () => {
    answerCalls({ RetrieveConversation: { Error: 5, Errstr: 'no' } });
    await expect(loadSubject('holmes', 'x')).rejects.toThrow('no');
  });
});
