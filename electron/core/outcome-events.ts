import type { OperationName } from '../../shared/contract/operations';
import type { CoreContext, Handlers } from './context';

/**
 * The operations that change outcomes or what has been sent of them (the "not yet sent" counts).
 * Each success is announced as `main:outcomes.changed`, so every window refreshes, not only the
 * one that made the change (batch progress reaches every window the same way).
 */
export const outcomeChangingOperations = [
  'outcomes.set',
  'outcomes.setFiltered',
  'outcomes.setSearched',
  'outcomes.importApply',
  'uploads.send',
  'uploads.resend',
  'history.purge',
  'history.forgetCpf',
  'history.deleteBatch',
] as const satisfies readonly OperationName[];

/** `handlers` with each outcome-changing operation announcing its success. */
export function announcingOutcomeChanges(handlers: Handlers, emit: CoreContext['emit']): Handlers {
  const announced: Partial<Record<OperationName, unknown>> = {};
  for (const name of outcomeChangingOperations) {
    const handler = handlers[name] as (input: never) => ReturnType<Handlers[typeof name]>;
    announced[name] = async (input: never) => {
      const result = await handler(input);
      if (result.ok) emit('main:outcomes.changed', { operation: name });
      return result;
    };
  }
  return { ...handlers, ...announced } as Handlers;
}
