import type { ActionName, ActionOutput, ParsedInput } from '../../protocol/registry.ts';
import type { Ctx } from './context.ts';
import type { Streaming } from './streaming.ts';

export type Handler<A extends ActionName> = (
  input: ParsedInput<A>,
  ctx: Ctx,
) => Promise<ActionOutput<A> | Streaming<ActionOutput<A>>> | ActionOutput<A>;

/** One handler per registered action: a missing one fails the type check. */
export type HandlerMap = { [A in ActionName]: Handler<A> };

export type Handlers<K extends ActionName> = Pick<HandlerMap, K>;
