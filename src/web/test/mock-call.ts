import { vi } from 'vitest';
import { actions, type ActionName } from '../../protocol/registry.ts';
import { call } from '../shared/api/client.ts';

import { answerDrift } from './answer-drift.ts';

function checkAnswer(action: ActionName, reply: Record<string, unknown>) {
  if (reply.Error !== 0) return;
  const { Error: _ok, ...rest } = reply;
  const parsed = actions[action].output.safeParse(rest);
  if (parsed.success) return;
  const where = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`)
    .join('; ');
  answerDrift.push(`${action}: ${where}`);
}

type Reply = Record<string, unknown> | Error;
type Handler = Reply | ((input: Record<string, unknown>) => Reply);

/**
 * Gives the mocked `call` an answer per action (test files must `vi.mock` the client
 * module first). An Error value is thrown, as a network failure would be.
 */
export function answerCalls(handlers: Partial<Record<ActionName, Handler>>) {
  const mock = vi.mocked(call);
  mock.mockImplementation((async (action: ActionName, input: Record<string, unknown>) => {
    const h = handlers[action];
    if (h === undefined) return { Error: 8, Errstr: `no test answer for ${action}` };
    const reply = typeof h === 'function' ? h(input) : h;
    if (reply instanceof Error) throw reply;
    checkAnswer(action, reply);
    return reply;
  }) as never);
  return mock;
}

/** The inputs `call` got for one action, in order. */
export function inputsOf(action: ActionName): Record<string, unknown>[] {
  return vi
    .mocked(call)
    .mock.calls.filter(([a]) => a === action)
    .map(([, input]) => input as Record<string, unknown>);
}
