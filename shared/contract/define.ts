import type { z } from 'zod';

/**
 * One operation of the contract: the zod schema its input must pass at every door (IPC, web
 * host), and its output type, carried in the type only.
 */
export interface Operation<Input extends z.ZodType, Output> {
  input: Input;
  /** Never set: it only carries the output type. */
  readonly output?: Output;
}

/** `operation<Output>()(inputSchema)`: the output type is named, the input type inferred. */
export function operation<Output>() {
  return <Input extends z.ZodType>(input: Input): Operation<Input, Output> => ({ input });
}

/** An event pushed from the main process; its payload type is carried in the type only. */
export interface EventSpec<Payload> {
  readonly payload?: Payload;
}

export function event<Payload>(): EventSpec<Payload> {
  return {};
}
