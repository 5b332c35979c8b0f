import { vi } from 'vitest';
import type { ActionName } from '../../protocol/registry.ts';
import { call } from '../shared/api/client.ts';

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
