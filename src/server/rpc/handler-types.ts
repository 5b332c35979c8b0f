import type {
  ActionName,
  ActionOutput,
  ParsedInput,
  StreamActionName,
  StreamEvents,
} from '../../protocol/registry.ts';
import type { Ctx } from './context.ts';
import type { Streaming } from './streaming.ts';

/** A stream of the events the action's entry declares; no other action may stream. */
type StreamingOf<A extends ActionName> = A extends StreamActionName
  ? Streaming<ActionOutput<A>, StreamEvents<A>>
  : never;

export type Handler<A extends ActionName> = (
  input: ParsedInput<A>,
  ctx: Ctx,
) => Promise<ActionOutput<A> | StreamingOf<A>> | ActionOutput<A>;

/** One handler per registered action: a missing one fails the type check. */
export type HandlerMap = { [A in ActionName]: Handler<A> };

export type Handlers<K extends ActionName> = Pick<HandlerMap, K>;
