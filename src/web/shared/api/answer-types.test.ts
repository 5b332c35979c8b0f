import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Answer, Failure } from '../../../protocol/answer.ts';
import type { ActionOutput } from '../../../protocol/registry.ts';
import type { ChatStreamAction } from './stream.ts';

/**
 * The answer of an action is a union discriminated on `Error`: the compiler refuses a read of
 * its fields before `Error` is checked (tsc runs over this file: a `@ts-expect-error` that
 * finds no error fails the type check).
 */
describe('Answer<A>', () => {
  it('gives the fields only after Error is checked', () => {
    const answer = { Error: 0, categories: [] } as Answer<'GetCategories'>;
    // @ts-expect-error -- not checked yet: a refusal has no categories
    expect(answer.categories).toEqual([]);
    if (answer.Error !== 0) throw new Error(answer.Errstr);
    expectTypeOf(answer.categories).toEqualTypeOf<ActionOutput<'GetCategories'>['categories']>();
    expect(answer.categories).toEqual([]);
  });

  it('gives a refusal its reason, and nothing else', () => {
    const answer = { Error: 5, Errstr: 'not found' } as Answer<'GetFriendDetails'>;
    if (answer.Error === 0) throw new Error('a success');
    expectTypeOf(answer).toEqualTypeOf<Failure>();
    expectTypeOf(answer.Errstr).toBeString();
  });

  it('keeps the fields of a streamed reply that failed, and of CheckEditPriv levels 1 and 2', () => {
    const reply = { Error: 16, Errstr: 'x', replyid: 3 } as Answer<'AskFriend'>;
    if (reply.Error !== 0 && 'replyid' in reply) expectTypeOf(reply.replyid).toBeNumber();
    const level = { Error: 1, Errstr: 'view', priv: 1 } as Answer<'CheckEditPriv'>;
    if ('priv' in level) expectTypeOf(level.Error).toEqualTypeOf<0 | 1 | 2>();
    expect(reply.Error).toBe(16);
  });

  it('takes the chat stream actions from the registry declarations', () => {
    expectTypeOf<ChatStreamAction>().toEqualTypeOf<
      'AskFriend' | 'FollowReply' | 'RetryReply' | 'RegenerateReply' | 'EditMessage'
    >();
  });
});
