import type { Result } from '../result';
import type { EventName, PayloadOf } from './events';
import type { eventNames, operationNames } from './names';
import type { InputOf, OperationName, OutputOf } from './operations';

type Group<N extends string> = N extends `${infer G}.${string}` ? G : never;
type Method<N extends string, G extends string> = N extends `${G}.${infer M}` ? M : never;

type Calls = {
  [G in Group<OperationName>]: {
    [M in Method<OperationName, G>]: (
      input: InputOf<`${G}.${M}` & OperationName>,
    ) => Promise<Result<OutputOf<`${G}.${M}` & OperationName>>>;
  };
};

type Capitalised<S extends string> = S extends `${infer A}.${infer B}`
  ? `${Capitalize<A>}${Capitalised<Capitalize<B>>}`
  : Capitalize<S>;
type Subscriptions = {
  [E in EventName as `on${Capitalised<E extends `main:${infer Rest}` ? Rest : E>}`]: (
    handler: (payload: PayloadOf<E>) => void,
  ) => () => void;
};

/**
 * `window.deviceCheck`: named functions derived from the contract (`settings.get(…)`,
 * `onBatchProgress(handler)`), the only thing the renderer can reach of the main process.
 */
export type DeviceCheckApi = Calls & Subscriptions;

// The name lists the preload uses must match the contract exactly.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const namesMatchContract: [
  Same<(typeof operationNames)[number], OperationName>,
  Same<(typeof eventNames)[number], EventName>,
] = [true, true];
