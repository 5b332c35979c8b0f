import { describe, expect, it, vi } from 'vitest';
import { call } from '../shared/api/client.ts';
import { answerDrift } from './answer-drift.ts';
import { conversationAnswer } from './answers.ts';
import { answerCalls } from './mock-call.ts';

vi.mock('../shared/api/client.ts', () => ({ call: vi.fn() }));

describe('test answers are checked against the action’s output schema', () => {
  it('a drifted answer is recorded (the setup then fails its test); a whole one is not', async () => {
    answerCalls({
      GetFiles: { Error: 0, files: [{ num: 1, title: 'One' }] },
      RetrieveConversation: conversationAnswer(),
      GetSubjects: { Error: 4, Errstr: 'refused' },
    });
    await call('RetrieveConversation', { friendid: 'holmes' } as never);
    await call('GetSubjects', { friendid: 'holmes' } as never);
    expect(answerDrift).toEqual([]);
    await call('GetFiles', { friend: 'holmes' } as never);
    // Taken out here so this test's own drift does not fail it in the setup.
    const drift = answerDrift.splice(0);
    expect(drift).toHaveLength(1);
    expect(drift[0]).toMatch(/^GetFiles: files\.0\.tm: .*; .*personal: /);
  });
});
